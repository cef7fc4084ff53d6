package io.payonce.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;

/**
 * The scan-to-pay benchmark of issue 4: precreate, duplicate storm, notify and duplicate notify,
 * through the server in process and beside it B1 (its SQL over raw JDBC) and B0 (one committed
 * row), on MariaDB and PostgreSQL with durable commits, with durable flushes per operation. Prints
 * the figures as Markdown tables; see BENCHMARKS.md. Refuses to measure a database whose commits
 * are not durable.
 */
public final class ScanToPayBench {

  private ScanToPayBench() {}

  public static void main(String[] args) throws Exception {
    BenchOptions options = BenchOptions.parse(args);
    System.out.println("# Scan-to-pay bench " + options);
    machine().forEach((k, v) -> System.out.println("- " + k + ": " + v));
    Map<BenchDatabase, Map<String, String>> settings = new LinkedHashMap<>();
    for (BenchDatabase db : options.databases()) {
      try (Connection c = db.connectAdmin()) {
        settings.put(db, db.durability(c));
      }
      System.out.println("- " + db.label() + ": " + settings.get(db));
      if (!db.durable(settings.get(db))) {
        System.out.println(
            "REFUSED: " + db.label() + " does not flush commits durably; no figures reported.");
        System.exit(2);
      }
      System.out.println("- " + db.label() + " flush counter: " + db.flushCounter());
    }
    Report report = new Report();
    String runId = UUID.randomUUID().toString().substring(0, 6);
    long started = System.nanoTime();
    for (BenchDatabase db : options.databases()) {
      new DatabaseRun(db, options, PlatformKeys.generate(), report, runId).run();
    }
    report.printMeasurements(System.out);
    report.printRatios(System.out);
    System.out.printf("%nTotal time %.0f s%n", (System.nanoTime() - started) / 1e9);
    System.exit(0);
  }

  private static Map<String, String> machine() throws Exception {
    Map<String, String> machine = new LinkedHashMap<>();
    machine.put("date", ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME));
    machine.put("cpus (nproc)", String.valueOf(Runtime.getRuntime().availableProcessors()));
    machine.put("cpu", procLine("/proc/cpuinfo", "model name"));
    machine.put("memory", procLine("/proc/meminfo", "MemTotal"));
    machine.put("load average", Files.readString(Path.of("/proc/loadavg")).trim());
    machine.put("java", System.getProperty("java.vm.name") + " " + Runtime.version());
    return machine;
  }

  private static String procLine(String file, String key) throws Exception {
    Path path = Path.of(file);
    if (!Files.isReadable(path)) {
      return "unknown";
    }
    return Files.readAllLines(path).stream()
        .filter(line -> line.startsWith(key))
        .map(line -> line.substring(line.indexOf(':') + 1).trim())
        .findFirst()
        .orElse("unknown");
  }
}
