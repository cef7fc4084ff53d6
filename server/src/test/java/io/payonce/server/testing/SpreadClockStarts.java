package io.payonce.server.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.time.Instant;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs every test of a class whose flows cross dates once, with this JVM's test time ({@link
 * TestTime}) started at one of {@link EachClockStart}'s starts (just before and just after midnight
 * in China, just before midnight UTC), the start chosen by the test's name: each start covers about
 * a third of the tests, always the same ones, and the start is printed, so a failure replays. A
 * third of {@link EachClockStart}'s cost: for a class where the date is one concern among many (the
 * payment lifecycle on H2), and for the MariaDB and PostgreSQL runs of a class about dates
 * (reconciliation's bills), whose H2 run keeps every start ({@link EachClockStart}).
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(SpreadClockStarts.Pin.class)
public @interface SpreadClockStarts {

  /** Starts the test time at the test's start before it, and restarts it after. */
  final class Pin implements BeforeEachCallback, AfterEachCallback {

    @Override
    public void beforeEach(ExtensionContext context) {
      TestTime.startAt(startOf(context.getRequiredTestMethod().getName()));
    }

    @Override
    public void afterEach(ExtensionContext context) {
      TestTime.restart();
    }

    /** The start of the test of this name: the same on every run. */
    static Instant startOf(String testName) {
      return ClockStarts.STARTS.get(Math.floorMod(testName.hashCode(), ClockStarts.STARTS.size()));
    }
  }
}
