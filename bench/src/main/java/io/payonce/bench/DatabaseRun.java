package io.payonce.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Everything measured against one database server: the server started on it, then for each
 * concurrency a fresh round of orders, and for each operation the service, B1 and B0 one after the
 * other, each between two readings of the durable-flush counter.
 */
final class DatabaseRun {

  private static final long IDLE_SAMPLE_MILLIS = 1000;

  private final BenchDatabase db;
  private final BenchOptions options;
  private final PlatformKeys keys;
  private final Report report;
  private final String runId;
  private ServiceUnderTest service;
  private ServiceClient client;
  private Connection monitor;

  DatabaseRun(
      BenchDatabase db, BenchOptions options, PlatformKeys keys, Report report, String runId) {
    this.db = db;
    this.options = options;
    this.keys = keys;
    this.report = report;
    this.runId = runId;
  }

  void run() throws Exception {
    try (Connection admin = db.connectAdmin()) {
      db.recreate(admin);
    }
    Path sandboxDir = Files.createTempDirectory("payonce-bench-sandbox");
    int pool = options.concurrencies().stream().mapToInt(Integer::intValue).max().orElse(1) + 4;
    try (ServiceUnderTest started = ServiceUnderTest.start(db, keys, sandboxDir, pool);
        Connection m = db.connectMonitor()) {
      service = started;
      System.out.println(db.label() + ": server settings as read back from its Environment:");
      started.effectiveSettings().forEach((k, v) -> System.out.println("  " + k + " = " + v));
      // After Flyway, which migrates only an empty schema.
      try (Connection c = db.connect(Variant.B0)) {
        Floor.create(db, c);
      }
      client = new ServiceClient(started.port());
      monitor = m;
      warmUp();
      for (int c : options.concurrencies()) {
        Round round = prepare("c" + c, options.ops());
        for (Operation op : Operation.values()) {
          double background = backgroundPerSecond();
          for (Variant variant : Variant.values()) {
            measure(round, op, variant, c, background);
          }
        }
      }
    }
  }

  /** Untimed: the JIT, the pools and the caches see every path once before the clock runs. */
  private void warmUp() throws Exception {
    int ops =
        Math.max(
            Operation.STORM_REPEATS,
            options.warmup() / Operation.STORM_REPEATS * Operation.STORM_REPEATS);
    Round round = prepare("warm", ops);
    for (Operation op : Operation.values()) {
      for (Variant variant : Variant.values()) {
        execute(round, op, variant, 4);
      }
    }
    System.out.printf(Locale.ROOT, "%s: warmed up with %d operations of each kind%n", db, ops);
  }

  private Round prepare(String level, int ops) throws Exception {
    Round round = new Round(runId + "-" + level, ops);
    ExecutorService creators = Executors.newFixedThreadPool(8);
    try {
      List<Future<?>> created =
          round.serviceOrders.stream()
              .<Future<?>>map(
                  orderNo ->
                      creators.submit(
                          () -> {
                            client.createOrder(orderNo);
                            return null;
                          }))
              .toList();
      for (Future<?> future : created) {
        future.get();
      }
    } finally {
      creators.shutdown();
    }
    try (Connection c = db.connect(Variant.B1)) {
      RawScanToPay.insertOrders(c, round.b1Orders);
    }
    return round;
  }

  /** The server's durable flushes per second while the bench is idle: other users, checkpoints. */
  private double backgroundPerSecond() throws Exception {
    settle();
    BenchDatabase.Flushes before = db.flushes(monitor);
    long started = System.nanoTime();
    Thread.sleep(IDLE_SAMPLE_MILLIS);
    BenchDatabase.Flushes after = db.flushes(monitor);
    return after.minus(before).syncs() / ((System.nanoTime() - started) / 1e9);
  }

  /** Closes the server's pooled connections and waits until their flushes are counted. */
  private void settle() throws Exception {
    Object mark = db.mark(monitor);
    service.closeConnections();
    db.awaitClosed(monitor, mark, service::closeConnections);
  }

  private void measure(Round round, Operation op, Variant variant, int c, double background)
      throws Exception {
    settle();
    BenchDatabase.Flushes before = db.flushes(monitor);
    Runner.Outcome outcome = execute(round, op, variant, c);
    settle();
    BenchDatabase.Flushes flushes = db.flushes(monitor).minus(before);
    Report.Measurement m = new Report.Measurement(db, op, c, variant, outcome, flushes, background);
    report.add(m);
    System.out.printf(
        Locale.ROOT,
        "%-8s %-32s c=%-2d %-7s ops=%-5d err=%-3d %7.0f ops/s  p50=%7.2f ms  p99=%7.2f ms"
            + "  flush/op=%.2f%s%n",
        db,
        op.label(),
        c,
        variant.label(),
        outcome.ops(),
        outcome.errors(),
        outcome.perSecond(),
        m.p50Millis(),
        m.p99Millis(),
        m.perOp(flushes.syncs()),
        outcome.firstError() == null ? "" : "  first error: " + outcome.firstError());
  }

  private Runner.Outcome execute(Round round, Operation op, Variant variant, int c)
      throws Exception {
    return switch (variant) {
      case SERVICE -> viaService(round, op, c);
      case B1 -> viaRawJdbc(round, op, c);
      case B0 ->
          Runner.run(
              round.floorItems(),
              c,
              connections(Variant.B0),
              (Connection conn, Integer item) -> Floor.insert(conn, item),
              options.cap());
    };
  }

  private Runner.Outcome viaService(Round round, Operation op, int c) throws Exception {
    Runner.Sessions<Void> none = Runner.noSessions();
    return switch (op) {
      case PRECREATE ->
          Runner.run(
              round.serviceOrders,
              c,
              none,
              (Void s, String orderNo) ->
                  round.serviceOutTradeNos.put(orderNo, client.precreate(orderNo)),
              options.cap());
      case DUPLICATE_STORM ->
          Runner.run(
              round.stormOf(round.serviceOrders, round.serviceOutTradeNos),
              c,
              none,
              (Void s, String orderNo) -> {
                String outTradeNo = client.precreate(orderNo);
                if (!outTradeNo.equals(round.serviceOutTradeNos.get(orderNo))) {
                  throw new IllegalStateException("a repeat opened another payment: " + orderNo);
                }
              },
              options.cap());
      case NOTIFY_FIRST, NOTIFY_DUPLICATE ->
          Runner.run(
              round.notifyForms(keys),
              c,
              none,
              (Void s, String form) -> client.notify(form),
              options.cap());
    };
  }

  private Runner.Outcome viaRawJdbc(Round round, Operation op, int c) throws Exception {
    Runner.Sessions<Connection> sessions = connections(Variant.B1);
    return switch (op) {
      case PRECREATE ->
          Runner.run(
              round.b1Orders,
              c,
              sessions,
              (Connection conn, String orderNo) ->
                  round.b1Payments.put(orderNo, RawScanToPay.precreate(conn, orderNo)),
              options.cap());
      case DUPLICATE_STORM ->
          Runner.run(
              round.stormOf(round.b1Orders, round.b1Payments),
              c,
              sessions,
              RawScanToPay::duplicatePrecreate,
              options.cap());
      case NOTIFY_FIRST ->
          Runner.run(
              round.b1PaymentsInOrder(), c, sessions, RawScanToPay::notifyFirst, options.cap());
      case NOTIFY_DUPLICATE ->
          Runner.run(
              round.b1PaymentsInOrder(), c, sessions, RawScanToPay::notifyDuplicate, options.cap());
    };
  }

  private Runner.Sessions<Connection> connections(Variant variant) {
    return new Runner.Sessions<>() {
      @Override
      public Connection open() throws Exception {
        return db.connect(variant);
      }

      @Override
      public void close(Connection session) throws Exception {
        session.close();
      }
    };
  }
}
