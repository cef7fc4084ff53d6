package io.payonce.chaos.workload;

import io.payonce.chaos.cluster.SandboxClient;
import io.payonce.chaos.cluster.Timings;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.LongSupplier;

/**
 * Runs scenarios, {@code workers} at a time, for a while. Scenario {@code i} always gets the same
 * random source (from the seed and {@code i}), hence the same kind and plan: the same seed replays
 * the same workload; how far it gets in the time given depends on the machine.
 */
public final class Workload {

  private final long seed;
  private final int workers;
  private final Actors actors;
  private final LongSupplier clockMs;
  private final AtomicInteger started = new AtomicInteger();
  private final AtomicInteger finished = new AtomicInteger();
  private final AtomicInteger failed = new AtomicInteger();
  private final Map<Kind, AtomicInteger> kinds = new EnumMap<>(Kind.class);
  private final ExecutorService parallel;

  public Workload(
      long seed,
      int workers,
      Target lb,
      List<Target> instances,
      SandboxClient sandbox,
      Timings timings,
      Exchanges exchanges,
      Notes notes,
      LongSupplier clockMs) {
    this.seed = seed;
    this.workers = workers;
    this.clockMs = clockMs;
    this.parallel = Executors.newCachedThreadPool(daemon("together"));
    this.actors =
        new Actors(
            new Merchant(lb, exchanges, clockMs),
            new Buyer(sandbox, exchanges, clockMs),
            sandbox,
            lb,
            instances,
            notes,
            new Deferred(),
            timings,
            exchanges,
            parallel);
    for (Kind kind : Kind.values()) {
      kinds.put(kind, new AtomicInteger());
    }
  }

  /** The kind of scenario {@code index} (without running it). */
  public static Kind kindOf(long seed, int index) {
    return Kind.draw(random(seed, index));
  }

  /**
   * Starts scenarios until {@code duration} has passed, then waits (bounded by {@code settle}) for
   * those running and for everything they deferred.
   */
  public void run(Duration duration, Duration settle) {
    ExecutorService pool = Executors.newFixedThreadPool(workers, daemon("scenario"));
    Semaphore slots = new Semaphore(workers);
    long end = clockMs.getAsLong() + duration.toMillis();
    try {
      for (int index = 0; clockMs.getAsLong() < end; index++) {
        if (!slots.tryAcquire(200, TimeUnit.MILLISECONDS)) {
          index--;
          continue;
        }
        int i = index;
        started.incrementAndGet();
        pool.execute(
            () -> {
              try {
                runOne(i);
              } finally {
                finished.incrementAndGet();
                slots.release();
              }
            });
      }
      pool.shutdown();
      pool.awaitTermination(settle.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } finally {
      pool.shutdownNow();
    }
    actors.deferred().await(settle);
    actors.deferred().shutdown();
    parallel.shutdownNow();
  }

  private void runOne(int index) {
    SplittableRandom random = random(seed, index);
    Kind kind = Kind.draw(random);
    kinds.get(kind).incrementAndGet();
    Scenario scenario = new Scenario(index, random, actors);
    try {
      switch (kind) {
        case QR_PAY -> QrFlows.pay(scenario);
        case CLOSE_RACE -> QrFlows.closeRace(scenario);
        case BARCODE -> BarcodeFlow.pay(scenario);
        case IDEMPOTENT -> IdempotencyFlow.run(scenario);
        case ABANDON -> QrFlows.abandon(scenario);
        case ONLINE -> OnlineFlow.pay(scenario);
      }
    } catch (RuntimeException e) {
      failed.incrementAndGet();
      scenario.note("scenario failed: " + e);
    }
  }

  private static SplittableRandom random(long seed, int index) {
    return new SplittableRandom(seed ^ (0x9E3779B97F4A7C15L * (index + 1L)));
  }

  public int started() {
    return started.get();
  }

  public int finished() {
    return finished.get();
  }

  public int failed() {
    return failed.get();
  }

  public int deferred() {
    return actors.deferred().outstanding();
  }

  public Map<Kind, Integer> kinds() {
    Map<Kind, Integer> counts = new EnumMap<>(Kind.class);
    kinds.forEach((kind, count) -> counts.put(kind, count.get()));
    return counts;
  }

  private static java.util.concurrent.ThreadFactory daemon(String name) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
