package io.payonce.server.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The server's clock in tests: the JVM's {@link TestTime} base plus an offset that a test moves
 * instead of sleeping. {@link #withZone} answers a view of the same clock in the asked zone — the
 * same instant, the same offset, moved together — so that "today" in a bill's zone is that zone's
 * date, not UTC's.
 */
public final class MutableClock extends Clock {

  private final Clock base;
  private final AtomicReference<Duration> offset;
  private final ZoneId zone;

  public MutableClock() {
    this(TestTime.base());
  }

  public MutableClock(Clock base) {
    this(base, new AtomicReference<>(Duration.ZERO), ZoneOffset.UTC);
  }

  private MutableClock(Clock base, AtomicReference<Duration> offset, ZoneId zone) {
    this.base = base;
    this.offset = offset;
    this.zone = zone;
  }

  public void advance(Duration by) {
    offset.updateAndGet(current -> current.plus(by));
  }

  public void reset() {
    offset.set(Duration.ZERO);
  }

  @Override
  public ZoneId getZone() {
    return zone;
  }

  @Override
  public Clock withZone(ZoneId newZone) {
    Objects.requireNonNull(newZone, "zone");
    return newZone.equals(zone) ? this : new MutableClock(base, offset, newZone);
  }

  @Override
  public Instant instant() {
    return base.instant().plus(offset.get());
  }
}
