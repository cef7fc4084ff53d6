package io.payonce.bench;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * The figures of a run: every measurement of every repetition, and what is printed from them —
 * medians with their range over the repetitions, flushes against the design's targets, the ratios
 * of the service to its composite floor, B0's calibration — as Markdown tables, and as CSV.
 */
final class Report {

  /** One measured run of one operation by one variant at one concurrency, in one repetition. */
  record Measurement(
      BenchDatabase db,
      Operation op,
      int concurrency,
      Variant variant,
      int repetition,
      int asked,
      Runner.Outcome outcome,
      BenchDatabase.Flushes flushes,
      double backgroundPerSecond,
      double loadBefore,
      double loadAfter,
      boolean quiet) {

    double perOp(long count) {
      return outcome.ops() == 0 ? Double.NaN : (double) count / outcome.ops();
    }

    double flushPerOp() {
      return perOp(flushes.syncs());
    }

    double backgroundPerOp() {
      return outcome.ops() == 0
          ? Double.NaN
          : backgroundPerSecond * (outcome.nanos() / 1e9) / outcome.ops();
    }

    /** Flushes per operation less what other users' idle rate would have added meanwhile. */
    double netFlushPerOp() {
      return flushPerOp() - backgroundPerOp();
    }

    double perSecond() {
      return outcome.perSecond();
    }

    double p50Millis() {
      return outcome.latencies().getValueAtPercentile(50) / 1e6;
    }

    double p99Millis() {
      return outcome.latencies().getValueAtPercentile(99) / 1e6;
    }

    /** Stopped at the time cap before it had done what it was asked. */
    boolean capped() {
      return outcome.ops() + outcome.errors() < asked;
    }
  }

  /** A figure of a measurement, as charted and tabulated. */
  enum Metric {
    THROUGHPUT(Measurement::perSecond),
    P50(Measurement::p50Millis),
    P99(Measurement::p99Millis),
    FLUSH(Measurement::flushPerOp);

    private final ToDoubleFunction<Measurement> value;

    Metric(ToDoubleFunction<Measurement> value) {
      this.value = value;
    }

    double of(Measurement m) {
      return value.applyAsDouble(m);
    }
  }

  private final List<Measurement> measurements = new ArrayList<>();

  synchronized void add(Measurement m) {
    measurements.add(m);
  }

  synchronized List<Measurement> measurements() {
    return List.copyOf(measurements);
  }

  List<BenchDatabase> databases() {
    Set<BenchDatabase> dbs = new LinkedHashSet<>();
    measurements().forEach(m -> dbs.add(m.db()));
    return List.copyOf(dbs);
  }

  List<Integer> concurrencies() {
    return measurements().stream().map(Measurement::concurrency).distinct().sorted().toList();
  }

  /** A figure of one cell over the repetitions. */
  Spread cell(BenchDatabase db, Operation op, int c, Variant variant, Metric metric) {
    return Spread.of(of(db, op, c, variant).stream().mapToDouble(metric::of));
  }

  /**
   * The composite floor of one cell over the repetitions: in each repetition, the sum of the
   * floors' p50 (or p99), or for throughput the rate at which the floors' per-operation times add
   * up, {@code 1 / Σ (1 / ops/s)}.
   */
  Spread composite(BenchDatabase db, Operation op, int c, Metric metric) {
    return Spread.of(
        repetitions(db, op, c).stream()
            .mapToDouble(rep -> composite(db, op, c, rep, metric).orElse(Double.NaN)));
  }

  /** Service ÷ composite floor, per repetition. */
  Spread ratioToComposite(BenchDatabase db, Operation op, int c, Metric metric) {
    return Spread.of(
        repetitions(db, op, c).stream()
            .mapToDouble(
                rep -> {
                  Optional<Measurement> service = one(db, op, c, Variant.SERVICE, rep);
                  OptionalDouble floor = composite(db, op, c, rep, metric);
                  return service.isPresent() && floor.isPresent()
                      ? metric.of(service.get()) / floor.getAsDouble()
                      : Double.NaN;
                }));
  }

  /** Service ÷ one floor, per repetition. */
  Spread ratio(BenchDatabase db, Operation op, int c, Variant floor, Metric metric) {
    return Spread.of(
        repetitions(db, op, c).stream()
            .mapToDouble(
                rep -> {
                  Optional<Measurement> service = one(db, op, c, Variant.SERVICE, rep);
                  Optional<Measurement> other = one(db, op, c, floor, rep);
                  return service.isPresent() && other.isPresent()
                      ? metric.of(service.get()) / metric.of(other.get())
                      : Double.NaN;
                }));
  }

  private OptionalDouble composite(BenchDatabase db, Operation op, int c, int rep, Metric metric) {
    double sum = 0;
    for (Variant floor : Variant.composite(op)) {
      Optional<Measurement> m = one(db, op, c, floor, rep);
      if (m.isEmpty()) {
        return OptionalDouble.empty();
      }
      double value = metric.of(m.get());
      sum += metric == Metric.THROUGHPUT ? 1 / value : value;
    }
    return OptionalDouble.of(metric == Metric.THROUGHPUT ? 1 / sum : sum);
  }

  private List<Measurement> of(BenchDatabase db, Operation op, int c, Variant variant) {
    return measurements().stream()
        .filter(m -> m.db() == db && m.op() == op && m.concurrency() == c && m.variant() == variant)
        .toList();
  }

  private Optional<Measurement> one(BenchDatabase db, Operation op, int c, Variant v, int rep) {
    return of(db, op, c, v).stream().filter(m -> m.repetition() == rep).findFirst();
  }

  private List<Integer> repetitions(BenchDatabase db, Operation op, int c) {
    return of(db, op, c, Variant.SERVICE).stream().map(Measurement::repetition).toList();
  }

  void printFigures(PrintStream out) {
    out.println();
    out.println(
        "All figures: median of the repetitions [min–max]. ops: per repetition; err: all"
            + " repetitions; net flush/op: flush/op less bg/op; load: 1-minute load average before"
            + " → after (median).");
    out.println();
    out.println(
        "| db | operation | c | variant | ops | err | ops/s | p50 ms | p99 ms | flush/op |"
            + " net flush/op | bg/op | load |");
    out.println("|---|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|");
    for (BenchDatabase db : databases()) {
      for (int c : concurrencies()) {
        for (Operation op : Operation.values()) {
          for (Variant variant : Variant.values()) {
            List<Measurement> ms = of(db, op, c, variant);
            if (ms.isEmpty()) {
              continue;
            }
            out.println(
                String.format(
                    Locale.ROOT,
                    "| %s | %s | %d | %s | %s%s | %d | %s | %s | %s | %s | %s | %s | %s |",
                    db.label(),
                    op.label(),
                    c,
                    variant.label(),
                    Spread.of(ms.stream().mapToDouble(m -> m.outcome().ops())).format(0),
                    ms.stream().anyMatch(Measurement::capped) ? " (capped)" : "",
                    ms.stream().mapToInt(m -> m.outcome().errors()).sum(),
                    cell(db, op, c, variant, Metric.THROUGHPUT).format(0),
                    cell(db, op, c, variant, Metric.P50).format(2),
                    cell(db, op, c, variant, Metric.P99).format(2),
                    cell(db, op, c, variant, Metric.FLUSH).format(2),
                    Spread.of(ms.stream().mapToDouble(Measurement::netFlushPerOp)).format(2),
                    Spread.of(ms.stream().mapToDouble(Measurement::backgroundPerOp)).format(2),
                    String.format(
                        Locale.ROOT,
                        "%.1f → %.1f",
                        Spread.of(ms.stream().mapToDouble(Measurement::loadBefore)).median(),
                        Spread.of(ms.stream().mapToDouble(Measurement::loadAfter)).median())));
          }
        }
      }
    }
  }

  void printFlushTargets(PrintStream out) {
    out.println();
    out.println(
        "Durable flushes per operation at c=1 against the design's targets (median"
            + " [min–max]; net: less the idle rate of other users):");
    out.println();
    out.println("| db | operation | target | service | service net | B1 | B0 | B2 | Bch |");
    out.println("|---|---|--:|--:|--:|--:|--:|--:|--:|");
    for (BenchDatabase db : databases()) {
      for (Operation op : Operation.values()) {
        if (of(db, op, 1, Variant.SERVICE).isEmpty()) {
          continue;
        }
        out.println(
            String.format(
                Locale.ROOT,
                "| %s | %s | %s %d | %s | %s | %s | %s | %s | %s |",
                db.label(),
                op.label(),
                op.flushTarget() == 0 ? "=" : "≤",
                op.flushTarget(),
                cell(db, op, 1, Variant.SERVICE, Metric.FLUSH).format(2),
                Spread.of(
                        of(db, op, 1, Variant.SERVICE).stream()
                            .mapToDouble(Measurement::netFlushPerOp))
                    .format(2),
                cell(db, op, 1, Variant.B1, Metric.FLUSH).format(2),
                cell(db, op, 1, Variant.B0, Metric.FLUSH).format(2),
                cell(db, op, 1, Variant.B2, Metric.FLUSH).format(2),
                cell(db, op, 1, Variant.BCH, Metric.FLUSH).format(2)));
      }
    }
  }

  void printRatios(PrintStream out) {
    out.println();
    out.println(
        "The service against its composite floor (precreate: B1 + Bch + B2; the others: B1 + B2),"
            + " measured in the same repetition. p50 ratio above 1 and ops/s ratio below 1 mean"
            + " the service is slower than its parts added up. Median [min–max] over the"
            + " repetitions.");
    out.println();
    out.println(
        "| db | operation | c | floor | service p50 ms | floor p50 ms | p50 service ÷ floor |"
            + " service ops/s | floor ops/s | ops/s service ÷ floor | ops/s service ÷ B1 |"
            + " ops/s service ÷ B0 |");
    out.println("|---|---|--:|---|--:|--:|--:|--:|--:|--:|--:|--:|");
    for (BenchDatabase db : databases()) {
      for (int c : concurrencies()) {
        for (Operation op : Operation.values()) {
          if (of(db, op, c, Variant.SERVICE).isEmpty()) {
            continue;
          }
          out.println(
              String.format(
                  Locale.ROOT,
                  "| %s | %s | %d | %s | %s | %s | %s | %s | %s | %s | %s | %s |",
                  db.label(),
                  op.label(),
                  c,
                  String.join(" + ", Variant.composite(op).stream().map(Variant::label).toList()),
                  cell(db, op, c, Variant.SERVICE, Metric.P50).format(2),
                  composite(db, op, c, Metric.P50).format(2),
                  ratioToComposite(db, op, c, Metric.P50).format(2),
                  cell(db, op, c, Variant.SERVICE, Metric.THROUGHPUT).format(0),
                  composite(db, op, c, Metric.THROUGHPUT).format(0),
                  ratioToComposite(db, op, c, Metric.THROUGHPUT).format(2),
                  ratio(db, op, c, Variant.B1, Metric.THROUGHPUT).format(2),
                  ratio(db, op, c, Variant.B0, Metric.THROUGHPUT).format(2)));
        }
      }
    }
  }

  /**
   * B0 commits one row per operation: at c=1 it must read 1.00 flush/op. Lists the measurements
   * that did not, with what was going on around them.
   */
  void printCalibration(PrintStream out) {
    List<Measurement> b0 =
        measurements().stream()
            .filter(m -> m.variant() == Variant.B0 && m.concurrency() == 1)
            .toList();
    List<Measurement> off = b0.stream().filter(m -> Math.abs(m.flushPerOp() - 1) > 0.005).toList();
    out.println();
    out.printf(
        Locale.ROOT,
        "Calibration: B0 at c=1 read 1.00 flush/op in %d of %d measurements%s%n",
        b0.size() - off.size(),
        b0.size(),
        off.isEmpty() ? "." : "; not in:");
    for (Measurement m : off) {
      out.printf(
          Locale.ROOT,
          "- %s, %s, repetition %d: %.2f (bg/op %.2f, counter %s before it)%n",
          m.db().label(),
          m.op().label(),
          m.repetition(),
          m.flushPerOp(),
          m.backgroundPerOp(),
          m.quiet() ? "still" : "never still");
    }
  }

  void writeCsv(Path file) throws IOException {
    List<String> lines = new ArrayList<>();
    lines.add(
        "db,operation,c,variant,repetition,asked,ops,errors,seconds,ops_per_s,p50_ms,p99_ms,"
            + "p999_ms,flushes,aux,flush_per_op,aux_per_op,bg_per_op,load_before,load_after,"
            + "counter_still_before");
    for (Measurement m : measurements()) {
      lines.add(
          String.format(
              Locale.ROOT,
              "%s,%s,%d,%s,%d,%d,%d,%d,%.3f,%.1f,%.3f,%.3f,%.3f,%d,%d,%.4f,%.4f,%.4f,%.2f,%.2f,%b",
              m.db().label(),
              m.op().slug(),
              m.concurrency(),
              m.variant().label(),
              m.repetition(),
              m.asked(),
              m.outcome().ops(),
              m.outcome().errors(),
              m.outcome().nanos() / 1e9,
              m.perSecond(),
              m.p50Millis(),
              m.p99Millis(),
              m.outcome().latencies().getValueAtPercentile(99.9) / 1e6,
              m.flushes().syncs(),
              m.flushes().aux(),
              m.flushPerOp(),
              m.perOp(m.flushes().aux()),
              m.backgroundPerOp(),
              m.loadBefore(),
              m.loadAfter(),
              m.quiet()));
    }
    Files.write(file, lines);
  }
}
