package io.payonce.bench;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The scan-to-pay benchmark of issues 4 and 16: precreate, duplicate storm, notify and duplicate
 * notify, through the server in process and beside it its floors — B1 (its SQL over raw JDBC), Bch
 * (the channel call alone), B2 (an HTTP round trip to a bare endpoint) and B0 (one committed row) —
 * on MariaDB and PostgreSQL with durable commits, with durable flushes per operation, repeated and
 * reported as medians with their range. Prints Markdown tables and writes them, the figures as CSV
 * and the charts to the output directory; see BENCHMARKS.md. Refuses to measure a database whose
 * commits are not durable.
 */
public final class ScanToPayBench {

  private ScanToPayBench() {}

  public static void main(String[] args) throws Exception {
    System.setProperty("java.awt.headless", "true");
    if (args.length > 0 && args[0].equals(ReconciliationCharts.COMMAND)) {
      ReconciliationCharts.main(java.util.Arrays.copyOfRange(args, 1, args.length));
      System.exit(0);
    }
    if (args.length > 0 && args[0].equals(SustainedPipeline.COMMAND)) {
      SustainedPipeline.main(java.util.Arrays.copyOfRange(args, 1, args.length));
    }
    if (args.length > 0 && args[0].equals(ServerProcess.COMMAND)) {
      ServerProcess.main(java.util.Arrays.copyOfRange(args, 1, args.length));
    }
    if (args.length > 0 && args[0].equals(PoolUnderLatency.COMMAND)) {
      PoolUnderLatency.main(java.util.Arrays.copyOfRange(args, 1, args.length));
    }
    BenchOptions options = BenchOptions.parse(args);
    Files.createDirectories(options.out());
    ByteArrayOutputStream kept = new ByteArrayOutputStream();
    PrintStream out = tee(System.out, kept);
    out.println("# Scan-to-pay bench " + options);
    out.println();
    out.println(
        "Seed "
            + options.seed()
            + " (identifiers of orders, payments and trades; --seed="
            + options.seed()
            + " repeats them).");
    Machine.facts().forEach((k, v) -> out.println("- " + k + ": " + v));
    Map<BenchDatabase, Map<String, String>> settings = new LinkedHashMap<>();
    for (BenchDatabase db : options.databases()) {
      try (Connection c = db.connectAdmin()) {
        settings.put(db, db.durability(c));
      }
      out.println("- " + db.label() + ": " + settings.get(db));
      if (!db.durable(settings.get(db))) {
        out.println(
            "REFUSED: " + db.label() + " does not flush commits durably; no figures reported.");
        System.exit(2);
      }
      out.println("- " + db.label() + " flush counter: " + db.flushCounter());
    }
    Report report = new Report();
    String runId = Long.toString(options.seed() % 1_000_000L, 36);
    SplittableRandom random = new SplittableRandom(options.seed());
    long started = System.nanoTime();
    for (BenchDatabase db : options.databases()) {
      new DatabaseRun(db, options, PlatformKeys.generate(), report, runId, random.split(), out)
          .run();
    }
    report.printCalibration(out);
    report.printFlushTargets(out);
    report.printRatios(out);
    report.printFigures(out);
    out.println();
    out.printf(
        "Total time %.0f s; load average at the end: %s%n",
        (System.nanoTime() - started) / 1e9, Machine.loadAverage());
    report.writeCsv(options.out().resolve("measurements.csv"));
    for (Path chart : new Charts(report).write(options.out())) {
      out.println("Chart: " + chart);
    }
    out.println("Report: " + options.out().resolve("report.md"));
    out.flush();
    Files.write(options.out().resolve("report.md"), kept.toByteArray());
    System.exit(0);
  }

  /** Prints to {@code console} and keeps a copy for the report file. */
  private static PrintStream tee(PrintStream console, ByteArrayOutputStream copy) {
    return new PrintStream(
        new OutputStream() {
          @Override
          public void write(int b) {
            console.write(b);
            copy.write(b);
          }

          @Override
          public void write(byte[] b, int off, int len) {
            console.write(b, off, len);
            copy.write(b, off, len);
          }

          @Override
          public void flush() {
            console.flush();
          }
        },
        true,
        StandardCharsets.UTF_8);
  }
}
