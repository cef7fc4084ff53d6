package io.payonce.server.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.ClassTemplate;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Runs every test of a date-dependent class three times, with this JVM's test time ({@link
 * TestTime}) started, before each test, just before and just after midnight in China (15:59:45 and
 * 16:00:05 UTC) and just before midnight UTC (23:59:45) — in the same JVM and application context,
 * instead of a JVM per start. See {@link ClockStarts}.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Inherited
@ClassTemplate
@ExtendWith(ClockStarts.class)
public @interface EachClockStart {}
