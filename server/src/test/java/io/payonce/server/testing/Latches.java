package io.payonce.server.testing;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/** Latches a test's threads wait at to force an interleaving, never for longer than a bound. */
public final class Latches {

  private Latches() {}

  /**
   * Waits until {@code latch} is released, at most {@code within}.
   *
   * @throws IllegalStateException when it is not released in time, or the wait is interrupted
   */
  public static void pass(CountDownLatch latch, Duration within) {
    try {
      if (!latch.await(within.toMillis(), TimeUnit.MILLISECONDS)) {
        throw new IllegalStateException("latch not released in " + within);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }
}
