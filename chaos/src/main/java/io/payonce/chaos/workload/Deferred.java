package io.payonce.chaos.workload;

import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Things a scenario does later without holding a worker (a buyer who comes back to an old code);
 * the workload waits for all of them before the checks.
 */
final class Deferred {

  private final ScheduledExecutorService scheduler =
      Executors.newScheduledThreadPool(
          4,
          runnable -> {
            Thread thread = new Thread(runnable, "deferred");
            thread.setDaemon(true);
            return thread;
          });
  private final AtomicInteger outstanding = new AtomicInteger();

  void later(Duration delay, Runnable task) {
    outstanding.incrementAndGet();
    scheduler.schedule(
        () -> {
          try {
            task.run();
          } catch (RuntimeException e) {
            // The task notes its own outcome; a failure must not keep the run waiting.
          } finally {
            outstanding.decrementAndGet();
          }
        },
        delay.toMillis(),
        TimeUnit.MILLISECONDS);
  }

  int outstanding() {
    return outstanding.get();
  }

  /** Waits, bounded, for every task scheduled so far. */
  boolean await(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (outstanding.get() > 0 && System.nanoTime() < deadline) {
      Scenario.sleep(200);
    }
    return outstanding.get() == 0;
  }

  void shutdown() {
    scheduler.shutdownNow();
  }
}
