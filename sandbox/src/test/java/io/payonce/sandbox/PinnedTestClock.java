package io.payonce.sandbox;

import io.payonce.sandbox.clock.SandboxClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.context.annotation.Bean;

/**
 * The sandbox's base clock in tests: the system clock plus an offset — none, the start the system
 * property {@value #START_PROPERTY} (an ISO-8601 instant) pins for the JVM, or the start a
 * date-dependent class pins before each of its tests ({@link EachClockStart}) — running on at real
 * speed from there.
 */
// Imported, never annotated: the sandbox's component scan covers this package.
class PinnedTestClock {

  static final String START_PROPERTY = "payonce.test.clock-start";

  private static final Clock SYSTEM = Clock.systemUTC();
  private static final Duration FROM_PROPERTY = fromProperty();
  private static final AtomicReference<Duration> OFFSET = new AtomicReference<>(FROM_PROPERTY);

  @Bean(SandboxClock.BASE_CLOCK_BEAN)
  Clock sandboxBaseClock() {
    return new Base(ZoneOffset.UTC);
  }

  /** Starts the base at {@code start}, from where it runs on at real speed. */
  static void startAt(Instant start) {
    OFFSET.set(Duration.between(SYSTEM.instant(), start));
    System.out.println("test clock: starts at " + start + " (-D" + START_PROPERTY + ")");
  }

  /** Back to the JVM's start: the wall clock, or the start its property pins. */
  static void restart() {
    OFFSET.set(FROM_PROPERTY);
  }

  private static Duration fromProperty() {
    String start = System.getProperty(START_PROPERTY);
    if (start == null || start.isBlank()) {
      return Duration.ZERO;
    }
    Instant pinned = Instant.parse(start.strip());
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
