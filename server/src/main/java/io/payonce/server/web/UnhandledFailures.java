package io.payonce.server.web;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.log.Failures;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * A failure no handler expected — answered 500 — logged as one line ({@link Failures#describe}) and
 * counted as {@code payonce.failures.unhandled}, tagged with the exception's type, so an operator
 * can alarm on a rate that should be zero and tell one kind from another.
 */
@Component
class UnhandledFailures {

  static final String METER = "payonce.failures.unhandled";

  private static final Logger log = LoggerFactory.getLogger(UnhandledFailures.class);

  private final MeterRegistry meters;

  UnhandledFailures(MeterRegistry meters) {
    this.meters = meters;
  }

  void record(Throwable failure) {
    log.error("event=unhandled_exception {}", Failures.describe(failure));
    count(failure);
  }

  /** Counts a failure someone else logged. */
  void count(Throwable failure) {
    Counter.builder(METER)
        .description("Failures answered 500 that no handler expected")
        .tag("exception", failure.getClass().getName())
        .register(meters)
        .increment();
  }
}
