package io.payonce.bench;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The figures of a run, printed as two tables: each measurement, then the ratios. */
final class Report {

  /** One measured run of one operation by one variant at one concurrency. */
  record Measurement(
      BenchDatabase db,
      Operation op,
      int concurrency,
      Variant variant,
      Runner.Outcome outcome,
      BenchDatabase.Flushes flushes,
      double backgroundPerSecond) {

    double perOp(long count) {
      return outcome.ops() == 0 ? Double.NaN : (double) count / outcome.ops();
    }

    double backgroundPerOp() {
      return outcome.ops() == 0
          ? Double.NaN
          : backgroundPerSecond * (outcome.nanos() / 1e9) / outcome.ops();
    }

    double p50Millis() {
      return outcome.latencies().getValueAtPercentile(50) / 1e6;
    }

    double p99Millis() {
      return outcome.latencies().getValueAtPercentile(99) / 1e6;
    }
  }

  private final List<Measurement> measurements = new ArrayList<>();

  synchronized void add(Measurement m) {
    measurements.add(m);
  }

  void printMeasurements(PrintStream out) {
    out.println();
    out.println(
        "| db | operation | c | variant | ops | err | ops/s | p50 ms | p99 ms | flush/op | aux/op |"
            + " bg/op |");
    out.println("|---|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|");
    for (Measurement m : measurements) {
      out.println(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %s | %d | %d | %.0f | %.2f | %.2f | %.2f | %.2f | %.2f |",
              m.db().label(),
              m.op().label(),
              m.concurrency(),
              m.variant().label(),
              m.outcome().ops(),
              m.outcome().errors(),
              m.outcome().perSecond(),
              m.p50Millis(),
              m.p99Millis(),
              m.perOp(m.flushes().syncs()),
              m.perOp(m.flushes().aux()),
              m.backgroundPerOp()));
    }
  }

  void printRatios(PrintStream out) {
    out.println();
    out.println(
        "| db | operation | c | throughput service/B1 | throughput service/B0 | p50 service/B1 |"
            + " p50 service/B0 | service flush/op |");
    out.println("|---|---|--:|--:|--:|--:|--:|--:|");
    for (Measurement service : measurements) {
      if (service.variant() != Variant.SERVICE) {
        continue;
      }
      Optional<Measurement> b1 = beside(service, Variant.B1);
      Optional<Measurement> b0 = beside(service, Variant.B0);
      out.println(
          String.format(
              Locale.ROOT,
              "| %s | %s | %d | %s | %s | %s | %s | %.2f |",
              service.db().label(),
              service.op().label(),
              service.concurrency(),
              ratio(service.outcome().perSecond(), b1.map(m -> m.outcome().perSecond())),
              ratio(service.outcome().perSecond(), b0.map(m -> m.outcome().perSecond())),
              ratio(service.p50Millis(), b1.map(Measurement::p50Millis)),
              ratio(service.p50Millis(), b0.map(Measurement::p50Millis)),
              service.perOp(service.flushes().syncs())));
    }
  }

  private Optional<Measurement> beside(Measurement service, Variant variant) {
    return measurements.stream()
        .filter(
            m ->
                m.db() == service.db()
                    && m.op() == service.op()
                    && m.concurrency() == service.concurrency()
                    && m.variant() == variant)
        .findFirst();
  }

  private static String ratio(double service, Optional<Double> other) {
    return other
        .filter(o -> o > 0)
        .map(o -> String.format(Locale.ROOT, "%.2f", service / o))
        .orElse("-");
  }
}
