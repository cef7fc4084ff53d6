package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SustainedPipelineUnitTests {

  // A real line's shape, with a command that holds a space and a parenthesis.
  private static final String STAT =
      "4242 (java (main) x) S 1 4242 4242 0 -1 4194560 1000 0 0 0 1234 567 89 10 20 0 40 0 100"
          + " 0 0";

  @Test
  void cpuTicksAreUserPlusSystemCountedAfterTheCommand() {
    assertThat(SustainedPipeline.cpuTicks(STAT, false)).isEqualTo(1234 + 567);
  }

  @Test
  void withChildrenTheReapedChildrensTicksCountToo() {
    assertThat(SustainedPipeline.cpuTicks(STAT, true)).isEqualTo(1234 + 567 + 89 + 10);
  }

  @Test
  void aRateIsSustainedOnlyWhenEveryNotifyWasAnsweredAndTheBacklogDrainedQuickly() {
    assertThat(level(0, 1.5).sustained()).isTrue();
    assertThat(level(0, SustainedPipeline.SUSTAINED_DRAIN_SECONDS + 0.1).sustained()).isFalse();
    assertThat(level(1, 0.1).sustained()).isFalse();
  }

  @Test
  void aLevelsCsvLineHasAValueForEveryColumn() {
    String line = level(0, 1.0).csv();

    assertThat(line.split(",")).hasSameSizeAs(SustainedPipeline.CSV_HEADER.split(","));
    assertThat(line).startsWith("PostgreSQL,100,6000,6000,0,").endsWith(",true");
  }

  private static SustainedPipeline.Level level(int errors, double drain) {
    return new SustainedPipeline.Level(
        "PostgreSQL", 100, 6000, 6000, errors, 3.0, 9.0, 40, drain, 200, 2.5, 4.0, 0.2, 0.3);
  }
}
