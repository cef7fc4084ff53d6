package io.payonce.chaos.faults;

import io.payonce.chaos.cluster.Cluster;
import io.payonce.chaos.cluster.Instance;
import io.payonce.chaos.cluster.Patroni;
import io.payonce.chaos.cluster.Services;
import io.payonce.chaos.events.WebhookReceiver;
import io.payonce.chaos.report.Timeline;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Carries out a {@link FaultPlan} against the cluster, recording every fault in the timeline, and
 * undoes whatever is still in effect when stopped: paused instances continue, down instances start,
 * sandbox knobs are cleared, Redis and RabbitMQ run again, the webhook accepts.
 */
public final class FaultInjector {

  private final FaultPlan plan;
  private final Cluster cluster;
  private final Services services;
  private final WebhookReceiver webhook;
  private final Timeline timeline;
  private final DatabaseFaults database;
  private final ScheduledExecutorService scheduler =
      Executors.newScheduledThreadPool(
          4,
          runnable -> {
            Thread thread = new Thread(runnable, "faults");
            thread.setDaemon(true);
            return thread;
          });
  private final List<ScheduledFuture<?>> pending = new ArrayList<>();
  private final Map<Integer, Runnable> undos = new LinkedHashMap<>();
  private final AtomicInteger undoIds = new AtomicInteger();
  private final Map<String, Integer> injected = new HashMap<>();
  private volatile boolean stopped;

  public FaultInjector(
      FaultPlan plan,
      Cluster cluster,
      Services services,
      WebhookReceiver webhook,
      Timeline timeline,
      Patroni patroni) {
    this.plan = plan;
    this.cluster = cluster;
    this.services = services;
    this.webhook = webhook;
    this.timeline = timeline;
    this.database =
        patroni == null ? null : new DatabaseFaults(patroni, timeline, (what, n) -> count(what));
  }

  /** The database faults, null unless the run is on the Patroni cluster. */
  public DatabaseFaults database() {
    return database;
  }

  /** Schedules the plan relative to now. */
  public synchronized void start() {
    for (PlannedFault fault : plan.faults()) {
      pending.add(scheduler.schedule(() -> inject(fault), fault.atMs(), TimeUnit.MILLISECONDS));
    }
  }

  /** How many faults of each kind were carried out (skipped ones not counted). */
  public synchronized Map<String, Integer> injected() {
    return Map.copyOf(injected);
  }

  /** Cancels what has not happened and undoes what is still in effect. */
  public void stop() {
    List<Runnable> toUndo;
    synchronized (this) {
      stopped = true;
      pending.forEach(f -> f.cancel(false));
      toUndo = new ArrayList<>(undos.values());
      undos.clear();
    }
    toUndo.forEach(FaultInjector::quietly);
    quietly(() -> cluster.sandbox().clearChaos());
    if (webhook != null) {
      webhook.refuse(false);
    }
    quietly(services::restoreAll);
    scheduler.shutdownNow();
    if (database != null) {
      database.close();
    }
  }

  private void inject(PlannedFault fault) {
    if (stopped) {
      return;
    }
    try {
      switch (fault.kind()) {
        case KILL -> kill(fault);
        case PAUSE -> pause(fault);
        case NOTIFY, GATEWAY -> knobs(fault);
        case WEBHOOK ->
            window(fault, "webhook", () -> webhook.refuse(true), () -> webhook.refuse(false));
        case REDIS -> window(fault, "redis", services::stopRedis, services::startRedis);
        case RABBITMQ -> window(fault, "rabbitmq", services::stopRabbitMq, services::startRabbitMq);
        case LEADER, SWITCHOVER, STANDBY, FREEZE, UNSAFE -> database.inject(fault);
        case CRASH, SKEW -> {}
      }
    } catch (RuntimeException e) {
      timeline.point("faults", fault.label() + " failed: " + e);
    }
  }

  private void kill(PlannedFault fault) {
    Instance victim = cluster.instance(fault.instance());
    if (victim.state() != Instance.State.UP || othersUp(victim) == 0) {
      timeline.point(
          "faults",
          "skipped kill -9 of " + victim.name() + " (" + victim.state() + ", keeping one up)");
      return;
    }
    count("kill");
    timeline.point(victim.name(), "kill -9 (restart in " + fault.forMs() + " ms)");
    cluster.killAndRestart(victim, Duration.ofMillis(fault.forMs()));
  }

  private void pause(PlannedFault fault) {
    Instance victim = cluster.instance(fault.instance());
    if (othersUp(victim) == 0 || !victim.suspend()) {
      timeline.point(
          "faults",
          "skipped SIGSTOP of " + victim.name() + " (" + victim.state() + ", keeping one up)");
      return;
    }
    count("pause");
    Timeline.Span span = timeline.begin(victim.name(), "SIGSTOP for " + fault.forMs() + " ms");
    Runnable resume =
        () -> {
          victim.resume();
          span.end();
        };
    undoLater(resume, fault.forMs());
  }

  private void knobs(PlannedFault fault) {
    Map<String, Object> off = new HashMap<>();
    fault.knobs().forEach((knob, value) -> off.put(knob, knob.equals("method") ? value : null));
    count(fault.kind().option());
    Timeline.Span span = timeline.begin("sandbox", fault.label());
    cluster.sandbox().chaos(fault.knobs());
    undoLater(
        () -> {
          cluster.sandbox().chaos(off);
          span.end();
        },
        fault.forMs());
  }

  private void window(PlannedFault fault, String lane, Runnable on, Runnable off) {
    count(lane);
    Timeline.Span span = timeline.begin(lane, fault.label());
    on.run();
    undoLater(
        () -> {
          off.run();
          span.end();
        },
        fault.forMs());
  }

  private void undoLater(Runnable undo, long afterMs) {
    int id = undoIds.incrementAndGet();
    synchronized (this) {
      if (stopped) {
        quietly(undo);
        return;
      }
      undos.put(id, undo);
      pending.add(
          scheduler.schedule(
              () -> {
                Runnable mine;
                synchronized (this) {
                  mine = undos.remove(id);
                }
                if (mine != null) {
                  quietly(mine);
                }
              },
              afterMs,
              TimeUnit.MILLISECONDS));
    }
  }

  private int othersUp(Instance victim) {
    int up = 0;
    for (Instance instance : cluster.instances()) {
      if (instance != victim && instance.state() == Instance.State.UP) {
        up++;
      }
    }
    return up;
  }

  private synchronized void count(String what) {
    injected.merge(what, 1, Integer::sum);
  }

  private static void quietly(Runnable action) {
    try {
      action.run();
    } catch (RuntimeException e) {
      System.err.println("undoing a fault failed: " + e);
    }
  }
}
