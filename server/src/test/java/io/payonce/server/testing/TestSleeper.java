package io.payonce.server.testing;

import io.payonce.server.payment.Sleeper;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The server's {@link Sleeper} in tests: instead of parking for a pause, it moves this JVM's test
 * time on by the pause ({@link TestTime}), so the barcode flow still polls the sandbox at its
 * interval and still gives up at its deadline — both read on the test clock, as does the sandbox's
 * "the buyer confirms after a second" — without the test waiting out the poll window. A test that
 * needs a barcode payment to keep waiting while it does something else {@link #hold holds} the
 * sleeper: pauses then wait, parked, until the hold is released.
 */
public final class TestSleeper implements Sleeper {

  /** Longer than any test holds: a hold left behind by a failed test cannot hang the run. */
  private static final Duration MAX_HOLD = Duration.ofSeconds(60);

  private final AtomicReference<CountDownLatch> hold = new AtomicReference<>();
  private final boolean skips;

  /** A sleeper that skips (true) or, like the server's, parks (false). */
  TestSleeper(boolean skips) {
    this.skips = skips;
  }

  @Override
  public void sleep(Duration duration) {
    CountDownLatch held = hold.get();
    if (held != null) {
      try {
        held.await(MAX_HOLD.toMillis(), TimeUnit.MILLISECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
    if (skips) {
      TestTime.skip(duration);
    } else {
      Sleeper.parking().sleep(duration);
    }
  }

  /** Pauses wait until the returned hold is closed. */
  public Hold hold() {
    CountDownLatch latch = new CountDownLatch(1);
    hold.set(latch);
    return () -> {
      hold.compareAndSet(latch, null);
      latch.countDown();
    };
  }

  /** A hold on the sleeper, released by {@link #close}. */
  @FunctionalInterface
  public interface Hold extends AutoCloseable {
    @Override
    void close();
  }
}
