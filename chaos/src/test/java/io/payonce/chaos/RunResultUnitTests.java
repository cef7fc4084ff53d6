package io.payonce.chaos;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RunResultUnitTests {

  @Test
  void aRunWhoseInstancesServedNothingProvesNothing() {
    // The Patroni run while its instances refused their settings: 1,215 requests, every one 5xx.
    RunResult.Exercise none = new RunResult.Exercise(0, 1_215, 0);
    assertThat(none.enough()).isFalse();
    assertThat(none.toString()).contains("too little for the run to prove anything");
    assertThat(new RunResult.Exercise(0, 0, 0).enough()).isFalse();
  }

  @Test
  void aRunThatServedSomeOfItsRequestsButTookNoPaymentProvesNothingEither() {
    assertThat(new RunResult.Exercise(500, 1_000, 0).enough()).isFalse();
    assertThat(new RunResult.Exercise(99, 1_000, 12).enough()).isFalse();
  }

  @Test
  void aRunUnderHeavyFaultsThatStillServedATenthAndTookPaymentsCounts() {
    // The MariaDB run with every fault: 339 of 870 answered 2xx.
    assertThat(new RunResult.Exercise(339, 870, 40).enough()).isTrue();
    assertThat(new RunResult.Exercise(100, 1_000, 1).enough()).isTrue();
  }
}
