package io.payonce.server.testing;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * The time base every test clock of this JVM runs on: the wall clock, or — with the system property
 * {@value #START_PROPERTY} — a clock that reads that instant when this class is first used and runs
 * on from there at real speed. The server's {@link MutableClock} and the in-process sandbox's clock
 * both run on it, so pinning it moves both, and they never disagree about the date.
 *
 * <p>The build runs the time-dependent test classes again with the start pinned just before and
 * just after midnight in China (16:00 UTC) and midnight UTC: see the {@code time-pinned-*}
 * executions in server/pom.xml.
 */
public final class TestTime {

  /** An ISO-8601 instant, e.g. {@code 2026-03-31T15:59:40Z}. */
  public static final String START_PROPERTY = "payonce.test.clock-start";

  private static final Clock BASE = create(System.getProperty(START_PROPERTY));

  private TestTime() {}

  /** The shared base: UTC, ticking at real speed. */
  public static Clock base() {
    return BASE;
  }

  static Clock create(String start) {
    if (start == null || start.isBlank()) {
      return Clock.systemUTC();
    }
    Instant pinned;
    try {
      pinned = Instant.parse(start.strip());
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          START_PROPERTY + " must be an ISO-8601 instant such as 2026-03-31T15:59:40Z: " + start);
    }
    Clock system = Clock.systemUTC();
    // Printed so that a failure in a pinned run can be replayed with the same start.
    System.out.println("test clock: starts at " + pinned + " (-D" + START_PROPERTY + ")");
    return Clock.offset(system, Duration.between(system.instant(), pinned));
  }
}
