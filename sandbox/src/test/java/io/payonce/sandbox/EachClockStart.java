package io.payonce.sandbox;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.ClassTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs every test of a bill-day class once on the wall clock, then again with the sandbox's base
 * clock ({@link PinnedTestClock}) started, before each test, just before and just after midnight in
 * China (15:59:50 and 16:00:05 UTC) and just before midnight UTC (23:59:50) — in the same JVM and
 * context, instead of a JVM per start. Surefire reports the runs as {@code Class[1]} to {@code
 * Class[4]}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ClassTemplate
@ExtendWith(ClockStarts.class)
public @interface EachClockStart {}
