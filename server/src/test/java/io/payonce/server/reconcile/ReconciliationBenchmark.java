package io.payonce.server.reconcile;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.alipay.AlipayBillWriter;
import io.payonce.server.channel.BadBillLine;
import io.payonce.server.channel.BillLine;
import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.ChannelBills;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;

/**
 * Not a test: reconciles bills of 10^4, 10^5 and 10^6 rows against a database holding the matching
 * payments (seeded with batch inserts), and reports rows/s and peak heap for the reconciliation
 * and, measured in the same run, for the baseline B0 — streaming and parsing the same zip without
 * matching. One row in a thousand is a payment whose notify was lost, so the repair path runs too.
 * Run it with a small heap to show the heap stays flat: see BENCHMARKS.md for the command.
 *
 * <p>Arguments: {@code postgres|h2 [sizes, comma-separated]}.
 */
public final class ReconciliationBenchmark {

  private static final ZoneId CHINA = ZoneId.of("Asia/Shanghai");
  private static final int REPAIR_EVERY = 1000;

  private ReconciliationBenchmark() {}

  public static void main(String[] args) throws Exception {
    String database = args.length > 0 ? args[0] : "postgres";
    long[] sizes =
        java.util.Arrays.stream((args.length > 1 ? args[1] : "10000,100000,1000000").split(","))
            .mapToLong(Long::parseLong)
            .toArray();
    String url = prepareDatabase(database);
    Path dir = Files.createDirectories(Path.of("target", "bench"));
    try (ConfigurableApplicationContext context =
        new SpringApplicationBuilder(PayOnceApplication.class)
            .web(WebApplicationType.NONE)
            .lazyInitialization(true)
            .logStartupInfo(false)
            .profiles("bench")
            .properties(benchProperties(database, url))
            .run()) {
      JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
      Reconciliations reconciliations = context.getBean(Reconciliations.class);
      ChannelBills alipay = context.getBean(BillChannels.class).get("ALIPAY");
      System.out.printf(
          "database=%s maxHeap=%dMB cpus=%d java=%s%n",
          database,
          Runtime.getRuntime().maxMemory() >> 20,
          Runtime.getRuntime().availableProcessors(),
          System.getProperty("java.version"));
      System.out.println(
          "| rows | seed s | B0 parse s | B0 rows/s | B0 peak heap MB | reconcile s | reconcile rows/s"
              + " | reconcile peak heap MB | reconcile/B0 time | repaired | matched |");
      System.out.println("|---|---|---|---|---|---|---|---|---|---|---|");
      LocalDate day = LocalDate.of(2026, 1, 1);
      long idBase = 0;
      for (long rows : sizes) {
        day = day.plusDays(2);
        long seedStart = System.nanoTime();
        seed(jdbc, day, rows, idBase);
        // Bulk-loaded tables have no statistics yet; production ones do (autovacuum).
        jdbc.execute(database.equals("h2") ? "ANALYZE" : "ANALYZE orders, payment, journal");
        double seedSeconds = seconds(seedStart);
        Path bill = dir.resolve("bill-" + rows + ".zip");
        writeBill(bill, day, rows, idBase);
        idBase += rows;

        settle();
        long b0Start = System.nanoTime();
        long parsed = parseOnly(alipay, bill);
        double b0 = seconds(b0Start);
        long b0Heap = peakHeapMb();

        settle();
        long start = System.nanoTime();
        ReconciliationRun run =
            reconciliations
                .runNow("ALIPAY", day, new FileBillSource(bill), RunProgress.NONE)
                .orElseThrow();
        double reconcile = seconds(start);
        long heap = peakHeapMb();
        if (run.status() != RunStatus.COMPLETED || parsed != rows) {
          throw new IllegalStateException("run " + run.status() + " " + run.error());
        }
        System.out.printf(
            "| %,d | %.1f | %.2f | %,.0f | %d | %.2f | %,.0f | %d | %.1f | %d | %d |%n",
            rows,
            seedSeconds,
            b0,
            rows / b0,
            b0Heap,
            reconcile,
            rows / reconcile,
            heap,
            reconcile / b0,
            run.counts().get(Outcome.CHANNEL_ONLY_SUCCESS),
            run.counts().get(Outcome.MATCHED));
      }
    }
  }

  private static Map<String, Object> benchProperties(String database, String url) {
    Map<String, Object> properties = new java.util.HashMap<>(ReconcileCommand.offlineDefaults());
    properties.put("spring.datasource.url", url);
    properties.put("spring.datasource.username", database.equals("h2") ? "sa" : "postgres");
    properties.put("spring.datasource.password", "");
    return properties;
  }

  /** A fresh, empty database for each run (the application migrates it on start). */
  private static String prepareDatabase(String database) throws Exception {
    if (database.equals("h2")) {
      Path dir = Path.of("target", "bench", "h2");
      if (Files.isDirectory(dir)) {
        try (var files = Files.walk(dir)) {
          files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
      }
      return "jdbc:h2:file:./target/bench/h2/payonce;CACHE_SIZE=8192";
    }
    try (Connection admin =
            DriverManager.getConnection(
                "jdbc:postgresql://127.0.0.1:5432/postgres", "postgres", "");
        Statement statement = admin.createStatement()) {
      statement.execute("DROP DATABASE IF EXISTS payonce_bench_recon");
      statement.execute("CREATE DATABASE payonce_bench_recon");
    }
    return "jdbc:postgresql://127.0.0.1:5432/payonce_bench_recon?reWriteBatchedInserts=true";
  }

  /** Orders and SUCCESS payments (journaled at noon of the day), one in 1000 still PAYING. */
  private static void seed(JdbcTemplate jdbc, LocalDate day, long rows, long idBase) {
    LocalDateTime created =
        day.atTime(11, 0).atZone(CHINA).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime();
    LocalDateTime paid = created.plusHours(1);
    int batch = 5000;
    for (long from = 0; from < rows; from += batch) {
      long to = Math.min(rows, from + batch);
      List<Object[]> orders = new ArrayList<>();
      List<Object[]> payments = new ArrayList<>();
      List<Object[]> journal = new ArrayList<>();
      for (long i = from; i < to; i++) {
        long id = idBase + i + 1;
        boolean paying = i % REPAIR_EVERY == 0;
        orders.add(
            new Object[] {
              id, "BO" + id, "u", amount(i), paying ? "PAYING" : "PAID", created, created
            });
        payments.add(
            new Object[] {
              id,
              id,
              outTradeNo(idBase, i),
              amount(i),
              paying ? "PAYING" : "SUCCESS",
              paying ? 1 : null,
              paying ? null : "T" + id,
              created,
              paying ? created : paid
            });
        if (!paying) {
          journal.add(new Object[] {id, paid});
        }
      }
      jdbc.batchUpdate(
          """
          INSERT INTO orders (id, order_no, user_id, amount_minor, currency, title, status,
                              created_at, updated_at, version)
          VALUES (?, ?, ?, ?, 'CNY', 'bench', ?, ?, ?, 0)
          """,
          orders);
      jdbc.batchUpdate(
          """
          INSERT INTO payment (pay_id, order_id, channel, out_trade_no, amount_minor, currency,
                               status, active_slot, trade_no, created_at, updated_at, version)
          VALUES (?, ?, 'ALIPAY', ?, ?, 'CNY', ?, ?, ?, ?, ?, 0)
          """,
          payments);
      jdbc.batchUpdate(
          """
          INSERT INTO journal (aggregate, aggregate_id, from_status, to_status, source, detail,
                               occurred_at)
          VALUES ('PAYMENT', ?, 'PAYING', 'SUCCESS', 'NOTIFY', 'bench', ?)
          """,
          journal);
    }
  }

  private static void writeBill(Path file, LocalDate day, long rows, long idBase)
      throws IOException {
    try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        AlipayBillWriter writer = AlipayBillWriter.gbk(out, day)) {
      for (long i = 0; i < rows; i++) {
        writer.payment("2026" + (idBase + i + 1), outTradeNo(idBase, i), amount(i));
      }
    }
  }

  private static long parseOnly(ChannelBills alipay, Path bill) throws Exception {
    long[] count = {0};
    try (InputStream in = new FileBillSource(bill).open()) {
      alipay.read(
          in,
          new BillSink() {
            @Override
            public void line(BillLine line) {
              count[0]++;
            }

            @Override
            public void bad(BadBillLine line) {
              throw new IllegalStateException(line.reason());
            }
          });
    }
    return count[0];
  }

  private static String outTradeNo(long idBase, long i) {
    return "BENCH" + (idBase + i + 1);
  }

  private static long amount(long i) {
    return 100 + (i * 37) % 100_000;
  }

  private static void settle() {
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        pool.resetPeakUsage();
      }
    }
  }

  private static long peakHeapMb() {
    long peak = 0;
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getType() == MemoryType.HEAP) {
        peak += pool.getPeakUsage().getUsed();
      }
    }
    return peak >> 20;
  }

  private static double seconds(long startNanos) {
    return (System.nanoTime() - startNanos) / 1e9;
  }
}
