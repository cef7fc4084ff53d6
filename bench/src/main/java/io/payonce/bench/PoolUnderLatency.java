package io.payonce.bench;

import com.zaxxer.hikari.HikariPoolMXBean;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.sql.Connection;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Issue 16's check that no database connection is held across a channel call: with the sandbox's
 * gateway answering precreate {@code --latency-ms} late, {@code --clients} concurrent precreates of
 * distinct orders against the server's pool at Hikari's default size (10), while {@code
 * --notify-clients} deliver first notifies at the same time. A connection held across the call
 * would cap precreates at pool / latency (200/s at 50 ms) and queue the notifies behind them.
 * Prints precreates/s against 0.8 × min(clients / latency, the same precreates at c=16 and no
 * latency), the notifies' rate, errors and p99, and the most threads seen waiting for a connection.
 *
 * <pre>java -jar bench/target/payonce-bench.jar pool-under-latency --db=postgres [--latency-ms=50]
 * [--clients=128] [--ops=1024] [--notify-clients=16] [--seed=N]</pre>
 */
final class PoolUnderLatency {

  static final String COMMAND = "pool-under-latency";
  private static final int HIKARI_DEFAULT_POOL = 10;

  private PoolUnderLatency() {}

  static void main(String... args) throws Exception {
    BenchDatabase db = BenchDatabase.POSTGRES;
    long latencyMs = 50;
    int clients = 128;
    int ops = 1024;
    int notifyClients = 16;
    long seed = 16;
    for (String arg : args) {
      String[] pair = arg.replaceFirst("^--", "").split("=", 2);
      switch (pair[0]) {
        case "db" -> db = BenchDatabase.valueOf(pair[1].toUpperCase(Locale.ROOT));
        case "latency-ms" -> latencyMs = Long.parseLong(pair[1]);
        case "clients" -> clients = Integer.parseInt(pair[1]);
        case "ops" -> ops = Integer.parseInt(pair[1]);
        case "notify-clients" -> notifyClients = Integer.parseInt(pair[1]);
        case "seed" -> seed = Long.parseLong(pair[1]);
        default -> throw new IllegalArgumentException("unknown option " + arg);
      }
    }
    System.out.printf(
        "# %s --db=%s --latency-ms=%d --clients=%d --ops=%d --notify-clients=%d --seed=%d%n",
        COMMAND, db.name().toLowerCase(Locale.ROOT), latencyMs, clients, ops, notifyClients, seed);
    Machine.facts().forEach((k, v) -> System.out.println("- " + k + ": " + v));
    try (Connection admin = db.connectAdmin()) {
      db.recreate(admin);
    }
    PlatformKeys keys = PlatformKeys.generate();
    SplittableRandom random = new SplittableRandom(seed);
    try (ServiceUnderTest server =
        ServiceUnderTest.start(
            db, keys, Files.createTempDirectory("payonce-bench-sandbox"), HIKARI_DEFAULT_POOL)) {
      ServiceClient client = new ServiceClient(server.port());
      Round reference = new Round("pl-z", ops, random.split());
      Round measured = new Round("pl-m", ops, random.split());
      Round notified = new Round("pl-n", ops, random.split());
      for (Round round : List.of(reference, measured, notified)) {
        client.createOrders(round.serviceOrders);
      }
      // Untimed: the notifies' payments, and the JIT's first look at both paths.
      Runner.Outcome opened = precreate(client, notified, 16);
      requireClean(opened, "opening the notified orders' payments");
      Runner.Outcome zero = precreate(client, reference, 16);
      requireClean(zero, "precreates at c=16 without latency");
      System.out.printf(
          Locale.ROOT, "precreate, c=16, no gateway latency: %.0f ops/s%n", zero.perSecond());

      chaos(server.port(), latencyMs);
      HikariPoolMXBean pool = server.pool();
      AtomicInteger mostWaiting = new AtomicInteger();
      AtomicInteger mostActive = new AtomicInteger();
      // How often each number of connections was in use: a connection held across the call
      // shows as the whole pool in use while the precreates wait at the gateway.
      java.util.concurrent.atomic.AtomicLongArray activeSeen =
          new java.util.concurrent.atomic.AtomicLongArray(HIKARI_DEFAULT_POOL + 1);
      java.util.concurrent.atomic.AtomicLong waitingSeen =
          new java.util.concurrent.atomic.AtomicLong();
      ExecutorService sampler = Executors.newSingleThreadExecutor();
      CompletableFuture<Void> stop = new CompletableFuture<>();
      Future<?> sampling =
          sampler.submit(
              () -> {
                while (!stop.isDone()) {
                  int waiting = pool.getThreadsAwaitingConnection();
                  int active = Math.min(pool.getActiveConnections(), HIKARI_DEFAULT_POOL);
                  mostWaiting.accumulateAndGet(waiting, Math::max);
                  mostActive.accumulateAndGet(active, Math::max);
                  activeSeen.incrementAndGet(active);
                  if (waiting > 0) {
                    waitingSeen.incrementAndGet();
                  }
                  java.util.concurrent.locks.LockSupport.parkNanos(2_000_000);
                }
              });
      List<String> forms = notified.notifyForms(keys);
      int notifiers = notifyClients;
      CompletableFuture<Runner.Outcome> notifies =
          CompletableFuture.supplyAsync(
              () -> {
                try {
                  return Runner.run(
                      forms,
                      notifiers,
                      Runner.noSessions(),
                      (Void s, String form) -> client.notify(form),
                      Duration.ofMinutes(10));
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      Runner.Outcome underLatency = precreate(client, measured, clients);
      Runner.Outcome notifyOutcome = notifies.get();
      stop.complete(null);
      sampling.get();
      sampler.shutdown();

      double ceiling = Math.min(clients * 1000.0 / latencyMs, zero.perSecond());
      System.out.printf(
          "precreate, c=%d, gateway latency %d ms, pool %d: %s%n",
          clients, latencyMs, HIKARI_DEFAULT_POOL, described(underLatency));
      System.out.printf(
          Locale.ROOT,
          "target: >= 0.8 x min(%d / %d ms = %.0f/s, %.0f/s at c=16 without latency) = %.0f/s:"
              + " %s (ratio %.2f)%n",
          clients,
          latencyMs,
          clients * 1000.0 / latencyMs,
          zero.perSecond(),
          0.8 * ceiling,
          underLatency.perSecond() >= 0.8 * ceiling ? "met" : "NOT met",
          underLatency.perSecond() / ceiling);
      System.out.printf(
          "notify, first delivery, c=%d, at the same time: %s%n",
          notifyClients, described(notifyOutcome));
      long samples = 0;
      for (int i = 0; i <= HIKARI_DEFAULT_POOL; i++) {
        samples += activeSeen.get(i);
      }
      long seen = 0;
      int medianActive = 0;
      while (medianActive < HIKARI_DEFAULT_POOL
          && (seen += activeSeen.get(medianActive)) * 2 < samples) {
        medianActive++;
      }
      System.out.printf(
          Locale.ROOT,
          "pool: at most %d of %d connections in use (median %d over %d samples every 2 ms),"
              + " at most %d threads waiting for one, someone waiting in %.0f %% of the samples%n",
          mostActive.get(),
          HIKARI_DEFAULT_POOL,
          medianActive,
          samples,
          mostWaiting.get(),
          100.0 * waitingSeen.get() / Math.max(1, samples));
      System.out.println("load average at the end: " + Machine.loadAverage());
    }
    System.exit(0);
  }

  private static Runner.Outcome precreate(ServiceClient client, Round round, int concurrency)
      throws Exception {
    return Runner.run(
        round.serviceOrders,
        concurrency,
        Runner.noSessions(),
        (Void s, String orderNo) ->
            round.serviceOutTradeNos.put(orderNo, client.precreate(orderNo)),
        Duration.ofMinutes(10));
  }

  private static String described(Runner.Outcome outcome) {
    return String.format(
        Locale.ROOT,
        "%d ops, %d errors, %.0f ops/s, p50 %.1f ms, p99 %.1f ms",
        outcome.ops(),
        outcome.errors(),
        outcome.perSecond(),
        outcome.latencies().getValueAtPercentile(50) / 1e6,
        outcome.latencies().getValueAtPercentile(99) / 1e6);
  }

  private static void requireClean(Runner.Outcome outcome, String what) {
    if (outcome.errors() > 0) {
      throw new IllegalStateException(what + ": " + outcome.firstError());
    }
  }

  /** Every precreate at the sandbox's gateway answers {@code latencyMs} late. */
  private static void chaos(int port, long latencyMs) throws Exception {
    HttpResponse<String> answer =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/sandbox/chaos"))
                    .header("Content-Type", "application/json")
                    .PUT(
                        HttpRequest.BodyPublishers.ofString(
                            "{\"method\":\"alipay.trade.precreate\",\"gatewayLatencyMs\":"
                                + latencyMs
                                + "}"))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    if (answer.statusCode() != 200) {
      throw new IllegalStateException(
          "sandbox chaos answered " + answer.statusCode() + " " + answer.body());
    }
  }
}
