package io.payonce.server.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The time base every test clock of this JVM runs on: the wall clock plus an offset — none, or the
 * start the system property {@value #START_PROPERTY} pins, or the start a date-dependent test class
 * pins for its tests ({@link EachClockStart}) — and whatever the {@link TestSleeper} skipped. It
 * runs at real speed from there. The server's {@link MutableClock} and the in-process sandbox's
 * clock both run on it, so moving it moves both, and they never disagree about the date.
 */
public final class TestTime {

  /** An ISO-8601 instant, e.g. {@code 2026-03-31T15:59:40Z}. */
  public static final String START_PROPERTY = "payonce.test.clock-start";

  private static final Clock SYSTEM = Clock.systemUTC();
  private static final Duration FROM_PROPERTY = offsetTo(System.getProperty(START_PROPERTY));
  private static final AtomicReference<Duration> OFFSET = new AtomicReference<>(FROM_PROPERTY);
  private static final Clock BASE = new Base(ZoneOffset.UTC);

  private TestTime() {}

  /** The shared base: UTC, ticking at real speed. */
  public static Clock base() {
    return BASE;
  }

  /**
   * Starts this JVM's test time at {@code start}, from where it runs on at real speed; every test
   * clock of the JVM moves with it. Printed, so that a failure can be replayed with {@code
   * -D}{@value #START_PROPERTY}.
   */
  public static void startAt(Instant start) {
    OFFSET.set(Duration.between(SYSTEM.instant(), start));
    System.out.println("test clock: starts at " + start + " (-D" + START_PROPERTY + ")");
  }

  /** Back to the time this JVM started with: the wall clock, or the start its property pins. */
  public static void restart() {
    OFFSET.set(FROM_PROPERTY);
  }

  /** Moves this JVM's test time on, the way {@link TestSleeper} waits. */
  static void skip(Duration duration) {
    OFFSET.updateAndGet(offset -> offset.plus(duration));
  }

  /** A clock of its own that reads {@code start} now and runs on at real speed (null: now). */
  static Clock create(String start) {
    return Clock.offset(SYSTEM, offsetTo(start));
  }

  private static Duration offsetTo(String start) {
    if (start == null || start.isBlank()) {
      return Duration.ZERO;
    }
    Instant pinned;
    try {
      pinned = Instant.parse(start.strip());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          START_PROPERTY + " must be an ISO-8601 instant such as 2026-03-31T15:59:40Z: " + start);
    }
    // Printed so that a failure in a pinned run can be replayed with the same start.
    System.out.println("test clock: starts at " + pinned + " (-D" + START_PROPERTY + ")");
    return Duration.between(SYSTEM.instant(), pinned);
  }

  private static final class Base extends Clock {

    private final ZoneId zone;

    Base(ZoneId zone) {
      this.zone = zone;
    }

    @Override
    public ZoneId getZone() {
      return zone;
    }

    @Override
    public Clock withZone(ZoneId newZone) {
      return newZone.equals(zone) ? this : new Base(newZone);
    }

    @Override
    public Instant instant() {
      return SYSTEM.instant().plus(OFFSET.get());
    }
  }
}
