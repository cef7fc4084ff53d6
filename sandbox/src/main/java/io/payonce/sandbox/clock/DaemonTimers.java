package io.payonce.sandbox.clock;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * Timers of the sandbox's background work (janitors, notify retries, state saving). They wait real
 * time, not the sandbox clock, and run on a daemon thread so that they never keep a JVM alive.
 */
public final class DaemonTimers {

  private DaemonTimers() {}

  /** A timer on one daemon thread of this name; its owner shuts it down. */
  public static ScheduledExecutorService named(String threadName) {
    return Executors.newSingleThreadScheduledExecutor(
        runnable -> {
          Thread thread = new Thread(runnable, threadName);
          thread.setDaemon(true);
          return thread;
        });
  }
}
