package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.List;
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
  void aServersPidIsTheFirstLineOfItsPidFile() {
    // postmaster.pid: the pid, then the data directory, start time, port, ...
    assertThat(SustainedPipeline.DbCpu.pid(List.of("2210", "/var/lib/postgresql/15/main", "1")))
        .isEqualTo(2210);
    // MariaDB's pid file holds the pid alone, with a line break.
    assertThat(SustainedPipeline.DbCpu.pid(List.of("3804 "))).isEqualTo(3804);
  }

  @Test
  void aRateIsSustainedOnlyWhenEveryNotifyWasAnsweredAndTheBacklogDrainedQuickly() {
    assertThat(level(0, 40, 1.5).sustained()).isTrue();
    assertThat(level(0, 40, SustainedPipeline.SUSTAINED_DRAIN_SECONDS + 0.1).sustained()).isFalse();
    assertThat(level(1, 40, 0.1).sustained()).isFalse();
  }

  @Test
  void aRateWhoseBacklogRoseAboveASecondOfWebhooksInTheLastQuarterIsNotSustained() {
    long bound = SustainedPipeline.flatBound(100);

    assertThat(bound).isEqualTo(200);
    assertThat(level(0, bound, 0.5).sustained()).isTrue();
    assertThat(level(0, bound + 1, 0.5).sustained()).isFalse();
  }

  @Test
  void theTailBacklogIsTheLargestSampleInTheLastQuarterOfTheArrivals() {
    List<SustainedPipeline.Sample> samples =
        List.of(
            new SustainedPipeline.Sample(1.0, 900, 900),
            new SustainedPipeline.Sample(15.0, 10, 20),
            new SustainedPipeline.Sample(17.0, 30, 40),
            new SustainedPipeline.Sample(20.0, 5, 5),
            // After the arrivals: the drain, judged by its own time.
            new SustainedPipeline.Sample(21.0, 500, 500));

    assertThat(SustainedPipeline.tailBacklogMax(samples, 20)).isEqualTo(70);
  }

  @Test
  void noSampleInTheLastQuarterIsNotFlat() {
    List<SustainedPipeline.Sample> samples = List.of(new SustainedPipeline.Sample(1.0, 0, 0));

    assertThat(SustainedPipeline.tailBacklogMax(samples, 20)).isEqualTo(Long.MAX_VALUE);
  }

  @Test
  void aLevelsCsvLineHasAValueForEveryColumn() {
    String line = level(0, 40, 1.0).csv();

    assertThat(line.split(",")).hasSameSizeAs(SustainedPipeline.CSV_HEADER.split(","));
    assertThat(line).startsWith("PostgreSQL,100,6000,6000,0,").endsWith(",true");
  }

  @Test
  void aLevelsReportRowHasACellForEveryColumn() {
    String row = level(0, 40, 1.0).row();
    String header = SustainedPipeline.TABLE_HEADER.lines().findFirst().orElseThrow();

    assertThat(row.split("\\|")).hasSameSizeAs(header.split("\\|"));
    assertThat(row).startsWith("| PostgreSQL | 100 | 6000 | 3.0 / 9.0 | 40 | 40 | 1.0 |");
    // server 2.5, bench 1.5, DB 4.0; (2.5 + 4.0) / (0.2 + 0.3)
    assertThat(row).endsWith("| 2.50 | 1.50 | 4.00 | 13.0× | yes |");
  }

  @Test
  void cpuOverB0IsTheServersAndTheDatabasesWithoutTheBenchs() {
    SustainedPipeline.Level level = level(0, 40, 1.0);

    assertThat(level.overFloor()).isCloseTo((2.5 + 4.0) / (0.2 + 0.3), within(1e-9));
    assertThat(level.csv()).contains(",2.50,1.50,4.00,0.200,0.300,");
  }

  @Test
  void ticksOverOrdersAreMillisecondsPerOrderAtAHundredTicksASecond() {
    // 1,234 ticks = 12.34 s of CPU over 1,000 orders.
    assertThat(SustainedPipeline.msPerOrder(1234, 1000)).isCloseTo(12.34, within(1e-9));
    assertThat(SustainedPipeline.msPerOrder(0, 1000)).isZero();
  }

  @Test
  void aSamplesCsvLineHasAValueForEveryColumn() {
    String line = new SustainedPipeline.Sample(3.04, 12, 34).csv("MariaDB", 200);

    assertThat(line).isEqualTo("MariaDB,200,3.0,12,34");
    assertThat(line.split(",")).hasSameSizeAs(SustainedPipeline.SAMPLES_HEADER.split(","));
  }

  private static SustainedPipeline.Level level(int errors, long tailBacklog, double drain) {
    return new SustainedPipeline.Level(
        "PostgreSQL",
        100,
        6000,
        6000,
        errors,
        3.0,
        9.0,
        40,
        tailBacklog,
        drain,
        200,
        0,
        2.5,
        1.5,
        4.0,
        0.2,
        0.3);
  }
}
