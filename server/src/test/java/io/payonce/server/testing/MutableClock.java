package io.payonce.server.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;

/** The server's clock in tests: real time plus an offset that a test moves instead of sleeping. */
public final class MutableClock extends Clock {

  private final AtomicReference<Duration> offset = new AtomicReference<>(Duration.ZERO);

  public void advance(Duration by) {
    offset.updateAndGet(current -> current.plus(by));
  }

  public void reset() {
    offset.set(Duration.ZERO);
  }

  @Override
  public ZoneId getZone() {
    return ZoneOffset.UTC;
  }

  @Override
  public Clock withZone(ZoneId zone) {
    return this;
  }

  @Override
  public Instant instant() {
    return Instant.now().plus(offset.get());
  }
}
