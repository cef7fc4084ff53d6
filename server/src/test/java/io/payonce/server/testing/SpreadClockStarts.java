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
 * third of {@link EachClockStart}'s cost. With {@link #shift()} 0, 1 and 2 on a class's H2, MariaDB
 * and PostgreSQL runs, every test still runs from every start in {@code .ci/run}, each start on one
 * database.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ExtendWith(SpreadClockStarts.Pin.class)
public @interface SpreadClockStarts {

  /**
   * Added to the name's pick: the runs of one class on H2, MariaDB and PostgreSQL shifted by 0, 1
   * and 2 together run every test from every start, each on one database.
   */
  int shift() default 0;

  /** Starts the test time at the test's start before it, and restarts it after. */
  final class Pin implements BeforeEachCallback, AfterEachCallback {

    @Override
    public void beforeEach(ExtensionContext context) {
      int shift =
          context
              .getTestClass()
              .map(type -> type.getAnnotation(SpreadClockStarts.class))
              .map(SpreadClockStarts::shift)
              .orElse(0);
      TestTime.startAt(startOf(context.getRequiredTestMethod().getName(), shift));
    }

    @Override
    public void afterEach(ExtensionContext context) {
      TestTime.restart();
    }

    /** The start of the test of this name: the same on every run. */
    static Instant startOf(String testName, int shift) {
      return ClockStarts.STARTS.get(
          Math.floorMod(testName.hashCode() + shift, ClockStarts.STARTS.size()));
    }
  }
}
