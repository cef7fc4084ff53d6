package io.payonce.chaos;

import io.payonce.chaos.check.Books;
import io.payonce.chaos.check.BooksReader;
import io.payonce.chaos.check.Invariants;
import io.payonce.chaos.check.Verdict;
import io.payonce.chaos.cluster.Cluster;
import io.payonce.chaos.cluster.ClusterSpec;
import io.payonce.chaos.cluster.Database;
import io.payonce.chaos.cluster.Instance;
import io.payonce.chaos.cluster.Patroni;
import io.payonce.chaos.cluster.Services;
import io.payonce.chaos.cluster.Timings;
import io.payonce.chaos.events.EventLog;
import io.payonce.chaos.events.RabbitConsumer;
import io.payonce.chaos.events.WebhookReceiver;
import io.payonce.chaos.faults.DatabaseFaults;
import io.payonce.chaos.faults.FaultInjector;
import io.payonce.chaos.faults.FaultPlan;
import io.payonce.chaos.faults.StallWatch;
import io.payonce.chaos.report.HtmlReport;
import io.payonce.chaos.report.Latencies;
import io.payonce.chaos.report.ReportData;
import io.payonce.chaos.report.TextReport;
import io.payonce.chaos.report.Timeline;
import io.payonce.chaos.workload.Exchange;
import io.payonce.chaos.workload.Exchanges;
import io.payonce.chaos.workload.Notes;
import io.payonce.chaos.workload.Target;
import io.payonce.chaos.workload.Workload;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * One run, start to finish: cluster up, workload with faults, faults undone, wait for the system to
 * settle while checking the invariants, reports written, everything stopped and the machine's
 * services restored — on every way out.
 */
public final class ChaosRun {

  private static final Duration CHECK_EVERY = Duration.ofSeconds(3);
  private static final Duration STABLE_FOR = Duration.ofSeconds(9);

  /** How often after-init-commit and after-channel-answer stall for a leader kill under them. */
  private static final double STALL_RATE = 0.01;

  private final ChaosOptions options;
  private final PrintStream out;

  public ChaosRun(ChaosOptions options, PrintStream out) {
    this.options = options;
    this.out = out;
  }

  public RunResult run() throws Exception {
    out.println("seed=" + options.seed());
    out.flush();
    Files.createDirectories(options.workDir());
    requireFile(options.serverJar(), "the server's exec jar (mvn -B -DskipTests package)");
    requireFile(options.sandboxJar(), "the sandbox's exec jar (mvn -B -DskipTests package)");
    Timeline timeline = new Timeline(out, options.workDir().resolve("timeline.log"));
    Instant startedAt = Instant.now();
    timeline.say("payonce-chaos " + options.replayArguments());
    timeline.say("work dir " + options.workDir());
    Timings timings = Timings.of(options.qrTtl());
    Services services = new Services();
    EventLog events = new EventLog();
    WebhookReceiver webhook =
        options.rabbitmq() ? null : new WebhookReceiver(events, timeline::nowMs);
    ClusterSpec spec =
        new ClusterSpec(
            options.seed(),
            options.db(),
            options.instances(),
            options.heap(),
            options.serverJar(),
            options.sandboxJar(),
            options.workDir(),
            options.redis(),
            options.rabbitmq(),
            services.redisPort(),
            services.rabbitMqPort(),
            options.injects(Fault.SKEW),
            options.injects(Fault.CRASH) ? options.crashRate() : 0,
            options.injects(Fault.LEADER) ? STALL_RATE : 0,
            webhook == null ? null : webhook.url(),
            webhook == null ? null : webhook.secret(),
            timings);
    Cluster cluster = new Cluster(spec, timeline);
    Thread restore =
        new Thread(
            () -> {
              cluster.close();
              services.restoreAll();
            },
            "chaos-restore");
    Runtime.getRuntime().addShutdownHook(restore);
    RabbitConsumer consumer = null;
    Notes notes = new Notes(options.workDir().resolve("workload.log"), timeline::nowMs);
    ScheduledExecutorService progress = Executors.newSingleThreadScheduledExecutor();
    Patroni patroni = null;
    StallWatch stalls = null;
    try {
      if (options.rabbitmq()) {
        RabbitConsumer.purgeLeftovers();
      }
      if (options.db() == Database.PATRONI) {
        patroni = Patroni.fromRepository();
        patroni.start();
        timeline.point(
            "database",
            "Patroni cluster up, leader "
                + patroni.leader().map(Patroni.Member::name).orElse("?")
                + ", synchronous standby "
                + patroni.synchronousStandby().map(Patroni.Member::name).orElse("?"));
      }
      cluster.start(options.injects(Fault.CRASH) || options.injects(Fault.LEADER));
      if (options.rabbitmq()) {
        consumer = RabbitConsumer.start(events, timeline::nowMs);
      }
      for (Instance instance : cluster.instances()) {
        long skew = cluster.skewMillis(instance.number());
        if (skew != 0) {
          timeline.say(instance.name() + " clock skew " + skew + " ms");
        }
      }
      Exchanges exchanges = new Exchanges();
      Target lb = new Target("lb", cluster.loadBalancer().base(), false);
      List<Target> direct = new ArrayList<>();
      cluster.instances().forEach(i -> direct.add(new Target(i.name(), i.base(), true)));
      FaultPlan plan =
          FaultPlan.draw(
              options.seed(),
              options.duration(),
              options.faultEvery(),
              scheduled(),
              options.instances(),
              timings);
      timeline.say("fault plan: " + plan.faults().size() + " faults");
      FaultInjector injector =
          new FaultInjector(plan, cluster, services, webhook, timeline, patroni);
      if (injector.database() != null && options.injects(Fault.LEADER)) {
        stalls = new StallWatch(cluster.instances(), injector.database()::killLeaderAt).start();
      }
      Workload workload =
          new Workload(
              options.seed(),
              options.workers(),
              lb,
              direct,
              cluster.sandbox(),
              timings,
              exchanges,
              notes,
              timeline::nowMs);
      progress.scheduleAtFixedRate(
          () -> timeline.say(progress(workload, exchanges, cluster)), 10, 10, TimeUnit.SECONDS);
      timeline.point("workload", "start, " + options.workers() + " scenarios at a time");
      injector.start();
      workload.run(options.duration(), timings.qrTtl().plus(Duration.ofSeconds(60)));
      long workloadEnd = timeline.nowMs();
      timeline.point(
          "workload", "end: " + workload.finished() + " scenarios, " + exchanges.summary());
      if (stalls != null) {
        stalls.close();
      }
      injector.stop();
      cluster.armCrashPoints(false);
      cluster.reviveAll();
      progress.shutdownNow();
      timeline.say("faults undone; every instance up; waiting for the system to settle");
      Settled settled = settle(cluster, timings, events, exchanges, timeline);
      timeline.closeOpenSpans();
      Map<String, Integer> faults = new TreeMap<>(injector.injected());
      int halts = cluster.instances().stream().mapToInt(Instance::crashes).sum();
      if (halts > 0) {
        faults.put("crash-point halts", halts);
      }
      Map<String, Integer> scenarios = new LinkedHashMap<>();
      workload.kinds().forEach((kind, count) -> scenarios.put(kind.name(), count));
      ReportData data =
          new ReportData(
              options.seed(),
              "java -jar chaos/target/payonce-chaos.jar " + options.replayArguments(),
              setup(cluster, webhook, workload, injector.database()),
              timeline.entries(),
              workloadEnd,
              timeline.nowMs(),
              settled.convergedAtMs(),
              throughput(exchanges),
              payments(settled.books(), startedAt),
              settled.series(),
              settled.last(),
              scenarios,
              faults,
              exchanges.summary() + ", " + cluster.loadBalancer().stats(),
              Latencies.table(exchanges.all()),
              notes::of);
      RunResult.Exercise exercise =
          new RunResult.Exercise(
              exchanges.answeredOk(),
              exchanges.size(),
              settled.books().payments().stream()
                  .filter(payment -> payment.status().equals("SUCCESS"))
                  .count());
      timeline.say("exercise: " + exercise);
      String text = TextReport.render(data) + "exercise: " + exercise + "\n";
      Path textReport = options.workDir().resolve("report.txt");
      Path htmlReport = options.workDir().resolve("report.html");
      Files.writeString(textReport, text, StandardCharsets.UTF_8);
      Files.writeString(htmlReport, HtmlReport.render(data), StandardCharsets.UTF_8);
      out.println();
      out.print(text);
      out.println("reports: " + textReport + " and " + htmlReport);
      return new RunResult(
          options,
          settled.last(),
          settled.series(),
          workloadEnd,
          settled.convergedAtMs(),
          scenarios,
          faults,
          exercise,
          textReport,
          htmlReport);
    } finally {
      if (stalls != null) {
        stalls.close();
      }
      progress.shutdownNow();
      notes.close();
      if (consumer != null) {
        consumer.close();
      }
      cluster.close();
      if (webhook != null) {
        webhook.close();
      }
      services.restoreAll();
      services.close();
      timeline.close();
      try {
        Runtime.getRuntime().removeShutdownHook(restore);
      } catch (IllegalStateException shuttingDown) {
        // The hook runs anyway.
      }
    }
  }

  /** The evaluations until the system converged, or stopped moving, or the drain timeout. */
  private record Settled(List<Verdict> series, Verdict last, long convergedAtMs, Books books) {}

  private Settled settle(
      Cluster cluster, Timings timings, EventLog events, Exchanges exchanges, Timeline timeline)
      throws Exception {
    Invariants invariants = new Invariants(timings, timeline.startedAt());
    BooksReader reader = new BooksReader(options.db(), cluster.sandbox());
    List<Verdict> series = new ArrayList<>();
    long deadline = System.nanoTime() + options.drainTimeout().toNanos();
    long quietSince = -1;
    while (true) {
      Books books = reader.read();
      Verdict verdict = invariants.check(books, events, exchanges, timeline.nowMs());
      series.add(verdict);
      timeline.say(
          "check: "
              + verdict.total()
              + " violations, "
              + (verdict.quiescent() ? "nothing in flight" : "in flight: " + verdict.pending()));
      if (verdict.holds() && verdict.quiescent()) {
        return new Settled(series, verdict, verdict.atMs(), books);
      }
      quietSince = verdict.quiescent() ? (quietSince < 0 ? verdict.atMs() : quietSince) : -1;
      boolean stable = quietSince >= 0 && verdict.atMs() - quietSince >= STABLE_FOR.toMillis();
      if (stable || System.nanoTime() > deadline) {
        return new Settled(series, verdict, -1, books);
      }
      Thread.sleep(CHECK_EVERY.toMillis());
    }
  }

  private Set<Fault> scheduled() {
    Set<Fault> faults = EnumSet.noneOf(Fault.class);
    for (Fault fault : Fault.values()) {
      if (options.injects(fault) && (fault != Fault.WEBHOOK || !options.rabbitmq())) {
        faults.add(fault);
      }
    }
    return faults;
  }

  private List<String> setup(
      Cluster cluster, WebhookReceiver webhook, Workload workload, DatabaseFaults database) {
    List<String> lines = new ArrayList<>();
    lines.add(
        options.db().label()
            + " "
            + options.db().url()
            + ", "
            + options.instances()
            + " instances ("
            + String.join(
                ", ",
                cluster.instances().stream()
                    .map(
                        i ->
                            i.name()
                                + " :"
                                + i.port()
                                + " incarnations "
                                + i.incarnation()
                                + (cluster.skewMillis(i.number()) == 0
                                    ? ""
                                    : " skew " + cluster.skewMillis(i.number()) + " ms"))
                    .toList())
            + ")");
    lines.add(
        "events via "
            + (webhook == null
                ? "RabbitMQ (queue " + RabbitConsumer.QUEUE + ")"
                : "webhook " + webhook.url())
            + ", Redis "
            + (options.redis() ? "on" : "off")
            + ", crash points "
            + (options.injects(Fault.CRASH) ? "at " + options.crashRate() : "off"));
    lines.add(
        "duration "
            + options.duration().toSeconds()
            + " s, "
            + options.workers()
            + " scenarios at a time, QR codes live "
            + options.qrTtl().toSeconds()
            + " s, scenarios failed "
            + workload.failed());
    lines.add("work dir " + options.workDir());
    if (database != null) {
      lines.addAll(failovers(database.windows()));
    }
    return lines;
  }

  /** The failover windows: how long writes could not commit after each database fault (RTO). */
  static List<String> failovers(List<DatabaseFaults.Window> windows) {
    List<String> lines = new ArrayList<>();
    long longest = windows.stream().mapToLong(DatabaseFaults.Window::lengthMs).max().orElse(0);
    boolean never = windows.stream().anyMatch(w -> w.lengthMs() < 0);
    lines.add(
        "database faults "
            + windows.size()
            + ", longest window without commits (RTO) "
            + (never ? "unbounded (writes never came back)" : longest + " ms"));
    for (DatabaseFaults.Window window : windows) {
      lines.add("  " + window.describe());
    }
    return lines;
  }

  private static String progress(Workload workload, Exchanges exchanges, Cluster cluster) {
    StringBuilder states = new StringBuilder();
    for (Instance instance : cluster.instances()) {
      states
          .append(states.isEmpty() ? "" : " ")
          .append(instance.name())
          .append('=')
          .append(instance.state());
    }
    return "progress: scenarios "
        + workload.finished()
        + "/"
        + workload.started()
        + ", deferred "
        + workload.deferred()
        + ", "
        + exchanges.summary()
        + ", "
        + states;
  }

  static List<long[]> throughput(Exchanges exchanges) {
    Map<Long, long[]> seconds = new TreeMap<>();
    for (Exchange e : exchanges.all()) {
      long second = (e.atMs() + e.tookMs()) / 1000;
      long[] bucket = seconds.computeIfAbsent(second, s -> new long[] {s, 0, 0});
      if (e.status() == -1 || e.status() >= 500) {
        bucket[2]++;
      } else {
        bucket[1]++;
      }
    }
    return fill(seconds, 3);
  }

  static List<long[]> payments(Books books, Instant startedAt) {
    Map<Long, long[]> seconds = new TreeMap<>();
    for (Books.Trade trade : books.trades()) {
      if (trade.paid()) {
        long second = Math.max(0, Duration.between(startedAt, trade.paidAt()).toSeconds());
        seconds.computeIfAbsent(second, s -> new long[] {s, 0})[1]++;
      }
    }
    return fill(seconds, 2);
  }

  private static List<long[]> fill(Map<Long, long[]> seconds, int width) {
    List<long[]> series = new ArrayList<>();
    if (seconds.isEmpty()) {
      return series;
    }
    long last = ((TreeMap<Long, long[]>) seconds).lastKey();
    for (long s = 0; s <= last; s++) {
      long[] bucket = seconds.get(s);
      if (bucket == null) {
        bucket = new long[width];
        bucket[0] = s;
      }
      series.add(bucket);
    }
    return series;
  }

  private static void requireFile(Path file, String what) {
    if (!Files.isRegularFile(file)) {
      throw new IllegalStateException("missing " + what + ": " + file);
    }
  }
}
