package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import org.junit.jupiter.api.Test;

class UnhandledFailuresUnitTests {

  @Test
  void everyUnhandledFailureIsCountedByItsType() {
    SimpleMeterRegistry meters = new SimpleMeterRegistry();
    UnhandledFailures unhandled = new UnhandledFailures(meters);

    unhandled.record(new IllegalStateException("one"));
    unhandled.record(new IllegalStateException("two"));
    unhandled.count(new ArithmeticException());

    assertThat(
            meters
                .get(UnhandledFailures.METER)
                .tag("exception", IllegalStateException.class.getName())
                .counter()
                .count())
        .isEqualTo(2);
    assertThat(
            meters
                .get(UnhandledFailures.METER)
                .tag("exception", ArithmeticException.class.getName())
                .counter()
                .count())
        .isEqualTo(1);
  }
}
