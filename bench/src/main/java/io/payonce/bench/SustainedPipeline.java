package io.payonce.bench;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;

/**
 * The whole pipeline of a paid order under a steady arrival rate: first notifies sent open-loop at
 * each rate (a slow server does not slow the arrivals), every event relayed and its webhook POSTed
 * to a real receiver in this JVM, measured until the last webhook is delivered. The server runs in
 * a JVM of its own (ServerProcess). Reports per rate the notifies' latency, the backlog (outbox and
 * webhook rows pending, sampled every second into samples.csv) in the arrivals' last quarter and at
 * their end, how long the pipeline took to drain after them, and CPU per paid order from /proc,
 * tail included — the server's JVM, the bench's (driver and receiver) and the database server's —
 * beside B0's (one committed row) measured the same way in the same run. See BENCHMARKS.md
 * "Sustained pipeline".
 */
final class SustainedPipeline {

  static final String COMMAND = "sustained";

  /** A rate is sustained when the pipeline drains what was left within this after the arrivals. */
  static final double SUSTAINED_DRAIN_SECONDS = 2.0;

  /**
   * ... and when, in the last quarter of the arrivals, no sample of the backlog (outbox + webhook
   * rows pending) was above this many seconds of the rate's webhooks (two per paid order): a
   * backlog that grows is above it long before the end, one that keeps pace stays under it.
   */
  static final double FLAT_BACKLOG_SECONDS = 1.0;

  private static final String SECRET = "bench-webhook-secret-7f3a9c1e5b2d4f6a8c0e";
  private static final long TICKS_PER_SECOND = 100;

  private SustainedPipeline() {}

  /** One rate's figures. */
  record Level(
      String db,
      int rate,
      int orders,
      int notified,
      int errors,
      double p50Ms,
      double p99Ms,
      long backlogAtEnd,
      long tailBacklogMax,
      double drainSeconds,
      double deliveriesPerSecond,
      long duplicates,
      double serverCpuMsPerOrder,
      double benchCpuMsPerOrder,
      double dbCpuMsPerOrder,
      double floorJvmCpuMs,
      double floorDbCpuMs) {

    /** Every notify answered, the backlog flat in the arrivals' last quarter, drained quickly. */
    boolean sustained() {
      return errors == 0
          && tailBacklogMax <= flatBound(rate)
          && drainSeconds <= SUSTAINED_DRAIN_SECONDS;
    }

    Level withFloor(Floor0 floor) {
      return new Level(
          db,
          rate,
          orders,
          notified,
          errors,
          p50Ms,
          p99Ms,
          backlogAtEnd,
          tailBacklogMax,
          drainSeconds,
          deliveriesPerSecond,
          duplicates,
          serverCpuMsPerOrder,
          benchCpuMsPerOrder,
          dbCpuMsPerOrder,
          floor.jvmMs(),
          floor.dbMs());
    }

    String csv() {
      return String.format(
          Locale.ROOT,
          "%s,%d,%d,%d,%d,%.1f,%.1f,%d,%d,%.1f,%.0f,%d,%.2f,%.2f,%.2f,%.3f,%.3f,%s",
          db,
          rate,
          orders,
          notified,
          errors,
          p50Ms,
          p99Ms,
          backlogAtEnd,
          tailBacklogMax,
          drainSeconds,
          deliveriesPerSecond,
          duplicates,
          serverCpuMsPerOrder,
          benchCpuMsPerOrder,
          dbCpuMsPerOrder,
          floorJvmCpuMs,
          floorDbCpuMs,
          sustained());
    }

    String row() {
      return String.format(
          Locale.ROOT,
          "| %s | %d | %d | %.1f / %.1f | %d | %d | %.1f | %.0f | %d | %.2f | %.2f | %.2f | %.1f× | %s |",
          db,
          rate,
          notified,
          p50Ms,
          p99Ms,
          tailBacklogMax,
          backlogAtEnd,
          drainSeconds,
          deliveriesPerSecond,
          duplicates,
          serverCpuMsPerOrder,
          benchCpuMsPerOrder,
          dbCpuMsPerOrder,
          overFloor(),
          sustained() ? "yes" : "no");
    }

    /**
     * The server's and the database's CPU per paid order over B0's JVM and database CPU per row;
     * the bench's driver and receiver are left out, as a peer measured from outside leaves its own.
     */
    double overFloor() {
      return (serverCpuMsPerOrder + dbCpuMsPerOrder)
          / Math.max(0.001, floorJvmCpuMs + floorDbCpuMs);
    }
  }

  /** The most rows a flat backlog may hold in the last quarter of the arrivals at this rate. */
  static long flatBound(int rate) {
    return Math.round(2 * rate * FLAT_BACKLOG_SECONDS);
  }

  /** The largest backlog sampled in the last quarter of arrivals meant to last {@code seconds}. */
  static long tailBacklogMax(List<Sample> samples, int seconds) {
    return samples.stream()
        .filter(s -> s.seconds() >= 0.75 * seconds && s.seconds() <= seconds)
        .mapToLong(Sample::pending)
        .max()
        // No sample in the window proves nothing: count it as not flat.
        .orElse(Long.MAX_VALUE);
  }

  /** One sample of the backlog, {@code seconds} after the level's first arrival was due. */
  record Sample(double seconds, long outboxPending, long webhookPending) {

    long pending() {
      return outboxPending + webhookPending;
    }

    String csv(String db, int rate) {
      return String.format(
          Locale.ROOT, "%s,%d,%.1f,%d,%d", db, rate, seconds, outboxPending, webhookPending);
    }
  }

  static final String CSV_HEADER =
      "db,rate,orders,notified,errors,p50_ms,p99_ms,backlog_at_end,tail_backlog_max,drain_s,"
          + "deliveries_per_s,duplicates,server_cpu_ms_per_order,bench_cpu_ms_per_order,"
          + "db_cpu_ms_per_order,b0_jvm_cpu_ms,"
          + "b0_db_cpu_ms,sustained";

  static final String SAMPLES_HEADER = "db,rate,t_s,outbox_pending,webhook_pending";

  static final String TABLE_HEADER =
      "| db | paid orders/s | notified | notify p50 / p99 ms | backlog max, last quarter |"
          + " backlog at end | drain s | webhooks/s | duplicates | server CPU ms/order |"
          + " bench CPU ms/order | DB CPU ms/order | CPU ÷ B0 | sustained |\n"
          + "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|";

  public static void main(String[] args) throws Exception {
    Map<String, String> given =
        Arrays.stream(args)
            .filter(a -> a.startsWith("--") && a.contains("="))
            .collect(
                Collectors.toMap(
                    a -> a.substring(2, a.indexOf('=')), a -> a.substring(a.indexOf('=') + 1)));
    List<BenchDatabase> dbs =
        Arrays.stream(given.getOrDefault("db", "mariadb,postgres").split(","))
            .map(name -> BenchDatabase.valueOf(name.trim().toUpperCase(Locale.ROOT)))
            .toList();
    List<Integer> rates =
        Arrays.stream(given.getOrDefault("rates", "50,100,200,400").split(","))
            .map(r -> Integer.parseInt(r.trim()))
            .toList();
    int seconds = Integer.parseInt(given.getOrDefault("seconds", "60"));
    int warmupSeconds = Integer.parseInt(given.getOrDefault("warmup-seconds", "60"));
    // PostgreSQL only: each level's statistics views read before and after (22 s more a level).
    boolean tableStats = Boolean.parseBoolean(given.getOrDefault("table-stats", "false"));
    List<String> workLines = new ArrayList<>();
    long seed = Long.parseLong(given.getOrDefault("seed", Long.toString(System.nanoTime())));
    Path out =
        Path.of(
            given.getOrDefault(
                "out",
                "target/bench-results/sustained-"
                    + Instant.now().toString().replace(':', '-').substring(0, 19)));
    Files.createDirectories(out);
    PrintStream console = System.out;
    StringBuilder report = new StringBuilder();
    String title =
        "# Sustained pipeline: --db="
            + given.getOrDefault("db", "mariadb,postgres")
            + " --rates="
            + rates.stream().map(String::valueOf).collect(Collectors.joining(","))
            + " --seconds="
            + seconds
            + " --warmup-seconds="
            + warmupSeconds
            + " --seed="
            + seed;
    console.println(title);
    report.append(title).append("\n\n");
    Machine.facts()
        .forEach((k, v) -> report.append("- ").append(k).append(": ").append(v).append('\n'));
    List<Level> levels = new ArrayList<>();
    List<String> samples = new ArrayList<>();
    SplittableRandom random = new SplittableRandom(seed);
    for (BenchDatabase db : dbs) {
      levels.addAll(
          runOn(
              db,
              rates,
              seconds,
              warmupSeconds,
              tableStats,
              workLines,
              Long.toString(seed % 1_000_000L, 36),
              random.split(),
              samples));
    }
    report.append('\n').append(TABLE_HEADER).append('\n');
    levels.forEach(l -> report.append(l.row()).append('\n'));
    report.append(
        "\nA rate is sustained when every notify was answered, the backlog (outbox + webhook rows"
            + " pending, sampled every second) never exceeded "
            + FLAT_BACKLOG_SECONDS
            + " s of the rate's webhooks (2 × rate rows) in the last quarter of the arrivals, and"
            + " what was left when they stopped drained within "
            + SUSTAINED_DRAIN_SECONDS
            + " s. Duplicates: webhook POSTs beyond one per event id. CPU, from /proc, counts the tail"
            + " (relay and webhooks) until the last delivery. Server: the server's own JVM, its"
            + " garbage collector and JIT included. Bench: the bench's JVM in the same window —"
            + " the driver sending the notifies, the webhook receiver and the backlog sampler."
            + " DB: the database server with its backends. CPU ÷ B0: server + DB CPU per paid"
            + " order over JVM + DB CPU per committed row of B0 in the same run (the bench left"
            + " out).\n");
    if (!workLines.isEmpty()) {
      report
          .append("\n## Where the database's work goes, per paid order (PostgreSQL statistics)\n")
          .append(String.join("\n", workLines))
          .append('\n');
    }
    console.println(report);
    Files.writeString(out.resolve("report.md"), report.toString());
    Files.writeString(
        out.resolve("measurements.csv"),
        CSV_HEADER
            + "\n"
            + levels.stream().map(Level::csv).collect(Collectors.joining("\n"))
            + "\n");
    Files.writeString(
        out.resolve("samples.csv"), SAMPLES_HEADER + "\n" + String.join("\n", samples) + "\n");
    console.println("Report: " + out.resolve("report.md"));
    System.exit(0);
  }

  /** The unreported warm-up level's rate of paid orders a second, before each database's. */
  static final int WARMUP_RATE = 150;

  private static List<Level> runOn(
      BenchDatabase db,
      List<Integer> rates,
      int seconds,
      int warmupSeconds,
      boolean tableStats,
      List<String> workLines,
      String runId,
      SplittableRandom random,
      List<String> samples)
      throws Exception {
    try (Connection admin = db.connectAdmin()) {
      db.recreate(admin);
    }
    PlatformKeys keys = PlatformKeys.generate();
    Receiver receiver = Receiver.start();
    Path sandboxDir = Files.createTempDirectory("payonce-bench-sandbox");
    List<Level> levels = new ArrayList<>();
    try (ServerProcess service =
            ServerProcess.start(
                ServiceUnderTest.pipelineSettings(
                    db, keys, sandboxDir, 24, receiver.url(), SECRET));
        Connection monitor = db.connectMonitor()) {
      try (Connection c = db.connect(Variant.B0)) {
        Floor.create(db, c);
      }
      ServiceClient client = new ServiceClient(service.port());
      DbCpu dbCpu = DbCpu.of(db, monitor);
      // Unreported: the JIT compiles the hot paths, the pools and the relay see every path. 15 s
      // were not enough: three levels of about 100/s after it measured 11.05, 6.36 and 4.94 ms of
      // JVM CPU per order (PostgreSQL, seed 20261211); 60 s at 150/s is some 9,000 orders.
      level(
          db,
          client,
          keys,
          receiver,
          monitor,
          dbCpu,
          service,
          WARMUP_RATE,
          warmupSeconds,
          runId + "-warm",
          random,
          new ArrayList<>(),
          null,
          new ArrayList<>());
      for (int rate : rates) {
        Floor0 floor = floor(db, dbCpu, 2_000);
        List<Sample> sampled = new ArrayList<>();
        Level measured =
            level(
                db,
                client,
                keys,
                receiver,
                monitor,
                dbCpu,
                service,
                rate,
                seconds,
                runId + "-" + rate,
                random,
                sampled,
                tableStats && db == BenchDatabase.POSTGRES ? new TableWork(monitor) : null,
                workLines);
        levels.add(measured.withFloor(floor));
        sampled.forEach(sample -> samples.add(sample.csv(db.label(), rate)));
        System.out.println(levels.get(levels.size() - 1).row());
      }
    } finally {
      receiver.close();
    }
    return levels;
  }

  private static Level level(
      BenchDatabase db,
      ServiceClient client,
      PlatformKeys keys,
      Receiver receiver,
      Connection monitor,
      DbCpu dbCpu,
      ServerProcess server,
      int rate,
      int seconds,
      String prefix,
      SplittableRandom random,
      List<Sample> sampled,
      TableWork work,
      List<String> workLines)
      throws Exception {
    int orders = rate * seconds;
    Round round = new Round(prefix, orders, random.split());
    client.createOrders(round.serviceOrders);
    ExecutorService preparing = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> done = new ArrayList<>();
      for (String orderNo : round.serviceOrders) {
        done.add(
            preparing.submit(
                () -> {
                  round.serviceOutTradeNos.put(orderNo, client.precreate(orderNo));
                  return null;
                }));
      }
      for (Future<?> f : done) {
        f.get();
      }
    } finally {
      preparing.shutdown();
    }
    List<String> forms = round.notifyForms(keys);
    awaitQuiet(monitor, 120);
    if (work != null) {
      work.start();
    }
    long deliveredBefore = receiver.events();
    long postsBefore = receiver.posts();
    long server0 = server.cpuTicks();
    long bench0 = jvmTicks();
    long db0 = dbCpu.ticks();
    // Up to a second of the server's latency in flight before the driver holds an arrival back.
    ExecutorService senders = Executors.newFixedThreadPool(Math.max(64, rate));
    long[] latencies = new long[forms.size()];
    AtomicInteger errors = new AtomicInteger();
    long start = System.nanoTime();
    Sampler sampler = Sampler.start(db, start);
    long interval = 1_000_000_000L / rate;
    List<Future<?>> sent = new ArrayList<>();
    for (int i = 0; i < forms.size(); i++) {
      long due = start + i * interval;
      long wait = due - System.nanoTime();
      if (wait > 0) {
        LockSupport.parkNanos(wait);
      }
      int item = i;
      sent.add(
          senders.submit(
              () -> {
                try {
                  client.notify(forms.get(item));
                } catch (Exception e) {
                  errors.incrementAndGet();
                }
                // Open loop: from when the notify was due, queueing in the driver included.
                latencies[item] = System.nanoTime() - due;
              }));
    }
    for (Future<?> f : sent) {
      f.get();
    }
    senders.shutdown();
    long arrivalsEnd = System.nanoTime();
    long backlog = pending(monitor);
    long expected = 2L * forms.size();
    long deadline = arrivalsEnd + TimeUnit.SECONDS.toNanos(120);
    while ((receiver.events() - deliveredBefore < expected || pending(monitor) > 0)
        && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(50));
    }
    long end = System.nanoTime();
    long server1 = server.cpuTicks();
    long bench1 = jvmTicks();
    long db1 = dbCpu.ticks();
    sampled.addAll(sampler.stop());
    if (work != null) {
      TableWork.PerOrder done = work.stop(forms.size());
      workLines.add(
          String.format(
              Locale.ROOT,
              "\n%s, %d paid orders/s: %.2f commits per paid order\n\n%s\n|---|---|---|---|---|---|",
              db.label(),
              rate,
              done.commits(),
              TableWork.HEADER));
      workLines.addAll(done.rows());
      workLines.add(
          done.statements().isEmpty()
              ? "\nStatements: pg_stat_statements is not loaded on this server"
                  + " (scripts/pg-statements-cluster starts one that has it)."
              : String.format(
                  Locale.ROOT,
                  "\nStatements per paid order (pg_stat_statements; the busiest %d by execution"
                      + " time):\n\n%s\n|---|---|---|---|---|",
                  done.statements().size() - 1,
                  TableWork.STATEMENTS_HEADER));
      workLines.addAll(done.statements());
    }
    long delivered = receiver.events() - deliveredBefore;
    long duplicates = receiver.posts() - postsBefore - delivered;
    Arrays.sort(latencies);
    int n = forms.size();
    return new Level(
        db.label(),
        rate,
        orders,
        n - errors.get(),
        errors.get() + (delivered < expected ? 1 : 0),
        latencies[n / 2] / 1e6,
        latencies[Math.min(n - 1, (int) (n * 0.99))] / 1e6,
        backlog,
        tailBacklogMax(sampled, seconds),
        (end - arrivalsEnd) / 1e9,
        delivered / ((end - start) / 1e9),
        duplicates,
        msPerOrder(server1 - server0, n),
        msPerOrder(bench1 - bench0, n),
        msPerOrder(db1 - db0, n),
        0,
        0);
  }

  /** Clock ticks spent over {@code orders} orders (or rows), in ms each. */
  static double msPerOrder(long ticks, int orders) {
    return ticks * 1000.0 / TICKS_PER_SECOND / orders;
  }

  /** Samples the backlog once a second over a monitor connection of its own. */
  static final class Sampler {
    private final ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor();
    private final List<Sample> samples = new CopyOnWriteArrayList<>();
    private final Connection monitor;

    private Sampler(Connection monitor) {
      this.monitor = monitor;
    }

    static Sampler start(BenchDatabase db, long start) throws SQLException {
      Sampler sampler = new Sampler(db.connectMonitor());
      sampler.clock.scheduleAtFixedRate(() -> sampler.sample(start), 0, 1, TimeUnit.SECONDS);
      return sampler;
    }

    private void sample(long start) {
      try (Statement s = monitor.createStatement();
          ResultSet rs =
              s.executeQuery(
                  """
                  SELECT (SELECT COUNT(*) FROM outbox WHERE published_at IS NULL),
                         (SELECT COUNT(*) FROM webhook_delivery WHERE state = 'PENDING')
                  """)) {
        rs.next();
        samples.add(new Sample((System.nanoTime() - start) / 1e9, rs.getLong(1), rs.getLong(2)));
      } catch (SQLException e) {
        // A missed sample leaves a gap in samples.csv; the level's own figures do not depend on it.
        System.err.println("sustained: backlog sample failed: " + e.getMessage());
      }
    }

    List<Sample> stop() throws Exception {
      clock.shutdown();
      clock.awaitTermination(10, TimeUnit.SECONDS);
      monitor.close();
      return List.copyOf(samples);
    }
  }

  /**
   * CPU per committed row of B0 (one INSERT in auto-commit): the bench's JVM, its JDBC client, and
   * the database, in ms.
   */
  record Floor0(double jvmMs, double dbMs) {}

  private static Floor0 floor(BenchDatabase db, DbCpu dbCpu, int rows) throws Exception {
    try (Connection c = db.connect(Variant.B0)) {
      long jvm0 = jvmTicks();
      long db0 = dbCpu.ticks();
      for (int i = 0; i < rows; i++) {
        Floor.insert(c, i);
      }
      return new Floor0(msPerOrder(jvmTicks() - jvm0, rows), msPerOrder(dbCpu.ticks() - db0, rows));
    }
  }

  private static void awaitQuiet(Connection monitor, int maxSeconds) throws SQLException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(maxSeconds);
    while (pending(monitor) > 0 && System.nanoTime() < deadline) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(100));
    }
  }

  /** Outbox rows not yet published plus webhook deliveries not yet made. */
  static long pending(Connection monitor) throws SQLException {
    try (Statement s = monitor.createStatement();
        ResultSet rs =
            s.executeQuery(
                """
                SELECT (SELECT COUNT(*) FROM outbox WHERE published_at IS NULL)
                     + (SELECT COUNT(*) FROM webhook_delivery WHERE state = 'PENDING')
                """)) {
      rs.next();
      return rs.getLong(1);
    }
  }

  /** This JVM's CPU so far, in clock ticks (user + system). */
  static long jvmTicks() throws IOException {
    return cpuTicks(Files.readString(Path.of("/proc/self/stat")), false);
  }

  /**
   * utime + stime (fields 14 and 15) of a /proc/[pid]/stat line, plus cutime + cstime (16, 17) with
   * {@code children}: what a parent's reaped children spent. The command (field 2) may hold spaces,
   * so fields are counted after its closing parenthesis.
   */
  static long cpuTicks(String stat, boolean children) {
    String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
    // f[0] is field 3 (state): field k is f[k - 3].
    long ticks = Long.parseLong(f[11]) + Long.parseLong(f[12]);
    return children ? ticks + Long.parseLong(f[13]) + Long.parseLong(f[14]) : ticks;
  }

  /**
   * The database server's CPU: its main process and, for PostgreSQL, every backend under it. The
   * process is the one serving the monitor connection (its pid file), not any process of that name:
   * this machine may run other clusters (the chaos soak's Patroni members).
   */
  record DbCpu(long mainPid, boolean withChildren) {

    static DbCpu of(BenchDatabase db, Connection monitor) throws Exception {
      boolean postgres = db == BenchDatabase.POSTGRES;
      Path pidFile;
      try (Statement s = monitor.createStatement();
          ResultSet rs = s.executeQuery(postgres ? "SHOW data_directory" : "SELECT @@pid_file")) {
        rs.next();
        pidFile = postgres ? Path.of(rs.getString(1), "postmaster.pid") : Path.of(rs.getString(1));
      }
      try {
        return new DbCpu(pid(Files.readAllLines(pidFile)), postgres);
      } catch (IOException unreadable) {
        if (postgres) {
          throw new IllegalStateException("cannot read " + pidFile + " to find the postmaster");
        }
      }
      List<Long> found = new ArrayList<>();
      try (var processes = Files.list(Path.of("/proc"))) {
        for (Path p : processes.toList()) {
          if (p.getFileName().toString().matches("\\d+")) {
            try {
              if (Files.readString(p.resolve("comm")).trim().equals("mariadbd")) {
                found.add(Long.parseLong(p.getFileName().toString()));
              }
            } catch (IOException gone) {
              // A process that ended while listed.
            }
          }
        }
      }
      if (found.size() != 1) {
        throw new IllegalStateException(
            "cannot read " + pidFile + " and " + found.size() + " mariadbd processes run here");
      }
      return new DbCpu(found.get(0), false);
    }

    /** The pid a server's pid file names on its first line. */
    static long pid(List<String> pidFile) {
      return Long.parseLong(pidFile.get(0).trim());
    }

    /** The server's CPU so far: the main process (with reaped backends) and its live children. */
    long ticks() throws IOException {
      long total = cpuTicks(Files.readString(Path.of("/proc/" + mainPid + "/stat")), withChildren);
      if (!withChildren) {
        return total;
      }
      try (var processes = Files.list(Path.of("/proc"))) {
        for (Path p : processes.toList()) {
          if (!p.getFileName().toString().matches("\\d+")) {
            continue;
          }
          try {
            String stat = Files.readString(p.resolve("stat"));
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).trim().split("\\s+");
            if (Long.parseLong(f[1]) == mainPid) {
              total += cpuTicks(stat, false);
            }
          } catch (IOException gone) {
            // A backend that ended while listed: its CPU is in the parent's cutime by now.
          }
        }
      }
      return total;
    }
  }

  /** The merchant's webhook endpoint: answers 200 and counts distinct event ids. */
  static final class Receiver implements AutoCloseable {
    private final HttpServer server;
    private final ExecutorService threads = Executors.newFixedThreadPool(16);
    private final Set<String> seen = ConcurrentHashMap.newKeySet();
    private final AtomicLong posts = new AtomicLong();

    private Receiver(HttpServer server) {
      this.server = server;
    }

    static Receiver start() throws IOException {
      // As a merchant's web server does: without it the JDK's server writes the status line and the
      // body in two segments held apart by the client's delayed ACK — 40 ms per webhook, which
      // would cap the pipeline at 4 slots / 40 ms, a figure of the receiver, not of PayOnce.
      System.setProperty("sun.net.httpserver.nodelay", "true");
      HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 256);
      Receiver receiver = new Receiver(server);
      server.createContext(
          "/webhooks",
          exchange -> {
            exchange.getRequestBody().readAllBytes();
            String id = exchange.getRequestHeaders().getFirst("PayOnce-Event-Id");
            if (id != null) {
              receiver.seen.add(id);
            }
            receiver.posts.incrementAndGet();
            byte[] ok = "ok".getBytes(StandardCharsets.UTF_8);
            exchange.sendResponseHeaders(200, ok.length);
            exchange.getResponseBody().write(ok);
            exchange.close();
          });
      server.setExecutor(receiver.threads);
      server.start();
      return receiver;
    }

    String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/webhooks";
    }

    long events() {
      return seen.size();
    }

    long posts() {
      return posts.get();
    }

    @Override
    public void close() {
      server.stop(0);
      threads.shutdownNow();
    }
  }
}
