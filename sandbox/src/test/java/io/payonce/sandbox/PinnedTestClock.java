package io.payonce.sandbox;

import io.payonce.sandbox.clock.SandboxClock;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.context.annotation.Bean;

/**
 * The sandbox's base clock in tests: the system clock, or — with the system property {@value
 * #START_PROPERTY} (an ISO-8601 instant) — a clock that reads that instant when the context starts
 * and runs on at real speed. The build runs the date-dependent classes with it pinned around
 * midnight in China (the {@code time-pinned-*} executions in sandbox/pom.xml).
 */
// Imported, never annotated: the sandbox's component scan covers this package.
class PinnedTestClock {

  static final String START_PROPERTY = "payonce.test.clock-start";

  @Bean(SandboxClock.BASE_CLOCK_BEAN)
  Clock sandboxBaseClock() {
    String start = System.getProperty(START_PROPERTY);
    Clock system = Clock.systemUTC();
    if (start == null || start.isBlank()) {
      return system;
    }
    Instant pinned = Instant.parse(start.strip());
    System.out.println("test clock: starts at " + pinned + " (-D" + START_PROPERTY + ")");
    return Clock.offset(system, Duration.between(system.instant(), pinned));
  }
}
