package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.HdrHistogram.Histogram;
import org.junit.jupiter.api.Test;

class ReportUnitTests {

  private final Report report = new Report();

  @Test
  void addsTheFloorsLatenciesAndTheirTimesPerOperation() {
    // 100 operations each: the service at 10/s, B1 at 50/s, Bch at 25/s, B2 at 100/s.
    add(Operation.PRECREATE, Variant.SERVICE, 1, 10, 100);
    add(Operation.PRECREATE, Variant.B1, 1, 50, 20);
    add(Operation.PRECREATE, Variant.BCH, 1, 25, 40);
    add(Operation.PRECREATE, Variant.B2, 1, 100, 10);

    Spread p50 =
        report.composite(BenchDatabase.POSTGRES, Operation.PRECREATE, 1, Report.Metric.P50);
    Spread rate =
        report.composite(BenchDatabase.POSTGRES, Operation.PRECREATE, 1, Report.Metric.THROUGHPUT);

    assertThat(p50.median()).isCloseTo(70, within(0.5));
    // 1 / (1/50 + 1/25 + 1/100) = 14.29 operations a second.
    assertThat(rate.median()).isCloseTo(14.29, within(0.01));
    assertThat(
            report
                .ratioToComposite(
                    BenchDatabase.POSTGRES, Operation.PRECREATE, 1, Report.Metric.THROUGHPUT)
                .median())
        .isCloseTo(0.70, within(0.01));
  }

  @Test
  void leavesTheChannelOutOfTheFloorOfEveryOperationButPrecreate() {
    add(Operation.NOTIFY_FIRST, Variant.SERVICE, 1, 10, 100);
    add(Operation.NOTIFY_FIRST, Variant.B1, 1, 50, 20);
    add(Operation.NOTIFY_FIRST, Variant.B2, 1, 100, 10);

    Spread p50 =
        report.composite(BenchDatabase.POSTGRES, Operation.NOTIFY_FIRST, 1, Report.Metric.P50);

    assertThat(p50.median()).isCloseTo(30, within(0.5));
  }

  @Test
  void takesRatiosWithinARepetitionAndTheMedianAcrossThem() {
    add(Operation.NOTIFY_FIRST, Variant.SERVICE, 1, 10, 100);
    add(Operation.NOTIFY_FIRST, Variant.B1, 1, 20, 50);
    add(Operation.NOTIFY_FIRST, Variant.SERVICE, 2, 30, 30);
    add(Operation.NOTIFY_FIRST, Variant.B1, 2, 30, 30);
    add(Operation.NOTIFY_FIRST, Variant.SERVICE, 3, 40, 25);
    add(Operation.NOTIFY_FIRST, Variant.B1, 3, 20, 50);

    Spread ratio =
        report.ratio(
            BenchDatabase.POSTGRES,
            Operation.NOTIFY_FIRST,
            1,
            Variant.B1,
            Report.Metric.THROUGHPUT);

    assertThat(ratio.median()).isCloseTo(1.0, within(0.01));
    assertThat(ratio.min()).isCloseTo(0.5, within(0.01));
    assertThat(ratio.max()).isCloseTo(2.0, within(0.01));
  }

  /** 100 operations of {@code millis} each, at {@code perSecond}. */
  private void add(Operation op, Variant variant, int rep, double perSecond, long millis) {
    Histogram latencies = new Histogram(Duration.ofMinutes(5).toNanos(), 3);
    latencies.recordValueWithCount(Duration.ofMillis(millis).toNanos(), 100);
    long nanos = (long) (100 / perSecond * 1e9);
    report.add(
        new Report.Measurement(
            BenchDatabase.POSTGRES,
            op,
            1,
            variant,
            rep,
            100,
            new Runner.Outcome(100, 0, nanos, latencies, null),
            new BenchDatabase.Flushes(100, 100),
            0,
            1,
            1,
            true));
  }
}
