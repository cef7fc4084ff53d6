package io.payonce.bench;

import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * Everything measured against one database server: the server started on it, then for each
 * repetition and each concurrency a fresh round of orders, and for each operation the service and
 * its floors (B1, Bch for precreate, B2, B0) one after the other, each between two readings of the
 * durable-flush counter.
 */
final class DatabaseRun {

  private static final long IDLE_SAMPLE_MILLIS = 1000;
  private static final long QUIET_LIMIT_MILLIS = 5000;

  private final BenchDatabase db;
  private final BenchOptions options;
  private final PlatformKeys keys;
  private final Report report;
  private final String runId;
  private final SplittableRandom random;
  private final PrintStream out;
  private ServiceUnderTest service;
  private ServiceClient client;
  private ChannelAlone channel;
  private Connection monitor;

  DatabaseRun(
      BenchDatabase db,
      BenchOptions options,
      PlatformKeys keys,
      Report report,
      String runId,
      SplittableRandom random,
      PrintStream out) {
    this.out = out;
    this.db = db;
    this.options = options;
    this.keys = keys;
    this.report = report;
    this.runId = runId;
    this.random = random;
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
      out.println();
      out.println(db.label() + ": the server's settings as read back from its Environment:");
      started.effectiveSettings().forEach((k, v) -> out.println("- " + k + " = " + v));
      out.println();
      // After Flyway, which migrates only an empty schema.
      try (Connection c = db.connect(Variant.B0)) {
        Floor.create(db, c);
      }
      client = new ServiceClient(started.port());
      channel = ChannelAlone.register(started.sandbox(), started.port());
      monitor = m;
      warmUp();
      for (int rep = 1; rep <= options.repetitions(); rep++) {
        for (int c : options.concurrencies()) {
          Round round = prepare("r" + rep + "c" + c, options.ops());
          for (Operation op : Operation.values()) {
            double background = backgroundPerSecond();
            for (Variant variant : Variant.values()) {
              if (variant.appliesTo(op)) {
                measure(round, op, variant, c, rep, background);
              }
            }
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
    long audit = AuditRows.count(monitor);
    for (Operation op : Operation.values()) {
      for (Variant variant : Variant.values()) {
        if (!variant.appliesTo(op)) {
          continue;
        }
        Runner.Outcome outcome = execute(round, op, variant, 4);
        if (outcome.errors() > 0) {
          throw new IllegalStateException(
              "warm-up " + op.label() + " " + variant.label() + ": " + outcome.firstError());
        }
        if (variant == Variant.SERVICE) {
          audit += (long) outcome.ops() * op.auditRows();
        }
      }
    }
    service.drainAudit(monitor, audit);
    System.out.printf(Locale.ROOT, "%s: warmed up with %d operations of each kind%n", db, ops);
  }

  private Round prepare(String level, int ops) throws Exception {
    Round round = new Round(runId + "-" + level, ops, random.split());
    client.createOrders(round.serviceOrders);
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

  /**
   * Waits until the flush counter has not moved for the database's {@link
   * BenchDatabase#quietMillis} and its background work is done, at most {@value
   * #QUIET_LIMIT_MILLIS} ms; false if that never happened (other users of the server).
   */
  private boolean quiesce() throws Exception {
    long limit = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(QUIET_LIMIT_MILLIS);
    long quiet = TimeUnit.MILLISECONDS.toNanos(db.quietMillis());
    BenchDatabase.Flushes last = db.flushes(monitor);
    long stillSince = System.nanoTime();
    while (System.nanoTime() < limit) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(25));
      BenchDatabase.Flushes now = db.flushes(monitor);
      if (now.syncs() != last.syncs() || !db.backgroundDone(monitor)) {
        last = now;
        stillSince = System.nanoTime();
      } else if (System.nanoTime() - stillSince >= quiet) {
        return true;
      }
    }
    return false;
  }

  /** Closes the server's pooled connections and waits until their flushes are counted. */
  private void settle() throws Exception {
    Object mark = db.mark(monitor);
    service.closeConnections();
    db.awaitClosed(monitor, mark, service::closeConnections);
  }

  /**
   * One measurement between two readings of the flush counter. Before the first: every connection
   * closed and counted, and the counter still for a moment (a previous phase's trailing flushes,
   * e.g. PostgreSQL's WAL writer flushing rolled-back work, are over). Before the second: the
   * phase's own audit rows written — the service's AuditTrail lingers 200 ms over a batch, which
   * would otherwise land in the next phase — and every connection closed and counted again.
   */
  private void measure(
      Round round, Operation op, Variant variant, int c, int rep, double background)
      throws Exception {
    settle();
    boolean quiet = quiesce();
    double loadBefore = Machine.load1();
    long auditBefore = AuditRows.count(monitor);
    BenchDatabase.Flushes before = db.flushes(monitor);
    Runner.Outcome outcome = execute(round, op, variant, c);
    long auditExpected = variant.writesAudit() ? (long) outcome.ops() * op.auditRows() : 0;
    if (variant == Variant.SERVICE) {
      service.drainAudit(monitor, auditBefore + auditExpected);
    }
    settle();
    BenchDatabase.Flushes flushes = db.flushes(monitor).minus(before);
    double loadAfter = Machine.load1();
    long auditWritten = AuditRows.count(monitor) - auditBefore;
    if (auditWritten != auditExpected && outcome.errors() == 0) {
      note(op, variant, c, auditWritten + " audit rows written, " + auditExpected + " expected");
    }
    if (!quiet) {
      note(
          op,
          variant,
          c,
          "the flush counter was never still for "
              + db.quietMillis()
              + " ms before it (others were flushing)");
    }
    Report.Measurement m =
        new Report.Measurement(
            db,
            op,
            c,
            variant,
            rep,
            askedOf(round, op, variant),
            outcome,
            flushes,
            background,
            loadBefore,
            loadAfter,
            quiet);
    report.add(m);
    System.out.printf(
        Locale.ROOT,
        "%-8s r%d %-32s c=%-2d %-7s ops=%-5d err=%-3d %7.0f ops/s  p50=%7.2f ms  p99=%7.2f ms"
            + "  flush/op=%.2f  load %.1f→%.1f%s%s%n",
        db,
        rep,
        op.label(),
        c,
        variant.label(),
        outcome.ops(),
        outcome.errors(),
        outcome.perSecond(),
        m.p50Millis(),
        m.p99Millis(),
        m.flushPerOp(),
        loadBefore,
        loadAfter,
        m.capped() ? "  CAPPED at " + options.cap().toSeconds() + " s" : "",
        outcome.firstError() == null ? "" : "  first error: " + outcome.firstError());
  }

  private void note(Operation op, Variant variant, int c, String what) {
    System.out.printf(
        Locale.ROOT, "NOTE %s %s c=%d %s: %s%n", db, op.label(), c, variant.label(), what);
  }

  private static int askedOf(Round round, Operation op, Variant variant) {
    if (variant == Variant.B0 || variant == Variant.BCH) {
      return round.ops;
    }
    return switch (op) {
      case PRECREATE, DUPLICATE_STORM -> round.ops;
      case NOTIFY_FIRST, NOTIFY_DUPLICATE ->
          variant == Variant.B1 ? round.b1Payments.size() : round.serviceOutTradeNos.size();
    };
  }

  private Runner.Outcome execute(Round round, Operation op, Variant variant, int c)
      throws Exception {
    return switch (variant) {
      case SERVICE -> viaService(round, op, c);
      case B1 -> viaRawJdbc(round, op, c);
      case BCH ->
          Runner.run(
              round.channelOutTradeNos,
              c,
              Runner.noSessions(),
              (Void s, String outTradeNo) -> channel.precreate(outTradeNo),
              options.cap());
      case B2 -> viaBareEndpoint(round, op, c);
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

  /** B2: the operation's own request, to a bare endpoint. */
  private Runner.Outcome viaBareEndpoint(Round round, Operation op, int c) throws Exception {
    Runner.Sessions<Void> none = Runner.noSessions();
    return switch (op) {
      case PRECREATE ->
          Runner.run(
              round.serviceOrders,
              c,
              none,
              (Void s, String orderNo) -> client.bareJson(orderNo),
              options.cap());
      case DUPLICATE_STORM ->
          Runner.run(
              round.stormOf(round.serviceOrders, round.serviceOutTradeNos),
              c,
              none,
              (Void s, String orderNo) -> client.bareJson(orderNo),
              options.cap());
      case NOTIFY_FIRST, NOTIFY_DUPLICATE ->
          Runner.run(
              round.notifyForms(keys),
              c,
              none,
              (Void s, String form) -> client.bareForm(form),
              options.cap());
    };
  }

  private Runner.Outcome viaRawJdbc(Round round, Operation op, int c) throws Exception {
    try (RawAuditTrail trail = new RawAuditTrail(db.connect(Variant.B1))) {
      return viaRawJdbc(round, op, c, new RawScanToPay(trail, db == BenchDatabase.POSTGRES));
    }
  }

  private Runner.Outcome viaRawJdbc(Round round, Operation op, int c, RawScanToPay raw)
      throws Exception {
    Runner.Sessions<Connection> sessions = connections(Variant.B1);
    return switch (op) {
      case PRECREATE ->
          Runner.run(
              round.b1Orders,
              c,
              sessions,
              (Connection conn, String orderNo) ->
                  round.b1Payments.put(
                      orderNo, raw.precreate(conn, orderNo, round.b1Ids.get(orderNo))),
              options.cap());
      case DUPLICATE_STORM ->
          Runner.run(
              round.stormOf(round.b1Orders, round.b1Payments),
              c,
              sessions,
              RawScanToPay::duplicatePrecreate,
              options.cap());
      case NOTIFY_FIRST ->
          Runner.run(round.b1PaymentsInOrder(), c, sessions, raw::notifyFirst, options.cap());
      case NOTIFY_DUPLICATE ->
          Runner.run(round.b1PaymentsInOrder(), c, sessions, raw::notifyDuplicate, options.cap());
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
