package io.payonce.chaos.faults;

import io.payonce.chaos.Fault;
import io.payonce.chaos.cluster.Timings;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * The faults of a run, drawn from its seed before it starts: the same seed and options give the
 * same plan. Crash points and clock skew are not in the plan: they are the instances' settings.
 */
public final class FaultPlan {

  private static final long SALT = 0xFA_17_5EEDL;
  private static final String[] METHODS = {
    "alipay.trade.precreate",
    "alipay.trade.query",
    "alipay.trade.close",
    "alipay.trade.cancel",
    "alipay.trade.pay",
    "alipay.trade.refund",
    "alipay.trade.fastpay.refund.query"
  };

  private final List<PlannedFault> faults;

  private FaultPlan(List<PlannedFault> faults) {
    this.faults = List.copyOf(faults);
  }

  public List<PlannedFault> faults() {
    return faults;
  }

  /**
   * Draws the plan: a fault every {@code every} on average (exponential gaps), from a short warm-up
   * until shortly before the workload ends, among the {@code enabled} kinds.
   */
  public static FaultPlan draw(
      long seed,
      Duration duration,
      Duration every,
      Set<Fault> enabled,
      int instances,
      Timings timings) {
    List<Fault> weighted = new ArrayList<>();
    add(weighted, enabled, Fault.KILL, 3);
    add(weighted, enabled, Fault.PAUSE, 2);
    add(weighted, enabled, Fault.NOTIFY, 3);
    add(weighted, enabled, Fault.GATEWAY, 3);
    add(weighted, enabled, Fault.WEBHOOK, 1);
    add(weighted, enabled, Fault.REDIS, 1);
    add(weighted, enabled, Fault.RABBITMQ, 1);
    add(weighted, enabled, Fault.LEADER, 3);
    add(weighted, enabled, Fault.SWITCHOVER, 2);
    add(weighted, enabled, Fault.STANDBY, 1);
    add(weighted, enabled, Fault.FREEZE, 1);
    add(weighted, enabled, Fault.UNSAFE, 3);
    List<PlannedFault> faults = new ArrayList<>();
    if (weighted.isEmpty()) {
      return new FaultPlan(faults);
    }
    SplittableRandom random = new SplittableRandom(seed ^ SALT);
    long end = duration.toMillis() - 5_000;
    long at = Math.min(8_000, duration.toMillis() / 10);
    while (true) {
      at += Math.max(2_000, (long) (-Math.log(1 - random.nextDouble()) * every.toMillis()));
      if (at >= end) {
        break;
      }
      Fault kind = weighted.get(random.nextInt(weighted.size()));
      faults.add(fault(random, at, kind, instances, timings));
    }
    everyDatabaseFaultOnce(faults, random, enabled, duration, instances, timings);
    return new FaultPlan(faults);
  }

  /**
   * A short run still exercises each database fault it names: one the draw left out is added,
   * spread over the run's middle. (Database faults wait for the cluster to be whole, so a late one
   * may still be skipped; the report counts what was injected.)
   */
  private static void everyDatabaseFaultOnce(
      List<PlannedFault> faults,
      SplittableRandom random,
      Set<Fault> enabled,
      Duration duration,
      int instances,
      Timings timings) {
    List<Fault> missing = new ArrayList<>();
    for (Fault kind : Fault.DATABASE) {
      if (enabled.contains(kind) && faults.stream().noneMatch(f -> f.kind() == kind)) {
        missing.add(kind);
      }
    }
    for (int i = 0; i < missing.size(); i++) {
      long at = duration.toMillis() * (i + 1) / (missing.size() + 2);
      faults.add(fault(random, at, missing.get(i), instances, timings));
    }
    faults.sort(java.util.Comparator.comparingLong(PlannedFault::atMs));
  }

  private static PlannedFault fault(
      SplittableRandom random, long at, Fault kind, int instances, Timings timings) {
    int instance = random.nextInt(instances);
    return switch (kind) {
      case KILL ->
          new PlannedFault(at, kind, instance, between(random, 1_000, 5_000), "kill -9", Map.of());
      case PAUSE ->
          new PlannedFault(
              at,
              kind,
              instance,
              timings.longestLease().toMillis() + between(random, 1_000, 5_000),
              "SIGSTOP",
              Map.of());
      case NOTIFY -> notifyFault(random, at, instance);
      case GATEWAY -> gatewayFault(random, at, instance, timings);
      case WEBHOOK ->
          new PlannedFault(
              at, kind, instance, between(random, 3_000, 10_000), "webhook refuses", Map.of());
      case REDIS ->
          new PlannedFault(
              at, kind, instance, between(random, 3_000, 8_000), "redis down", Map.of());
      case RABBITMQ ->
          new PlannedFault(
              at, kind, instance, between(random, 5_000, 12_000), "rabbitmq down", Map.of());
      case LEADER ->
          new PlannedFault(
              at, kind, 0, between(random, 3_000, 8_000), "kill -9 of the leader", Map.of());
      case SWITCHOVER -> new PlannedFault(at, kind, 0, 0, "switchover", Map.of());
      case STANDBY ->
          new PlannedFault(
              at,
              kind,
              0,
              between(random, 3_000, 10_000),
              "kill -9 of the synchronous standby",
              Map.of());
      case FREEZE ->
          new PlannedFault(
              at,
              kind,
              0,
              timings.databaseTtl().toMillis() + between(random, 3_000, 8_000),
              "SIGSTOP of the leader",
              Map.of());
      case UNSAFE ->
          new PlannedFault(
              at,
              kind,
              0,
              between(random, 3_000, 8_000),
              "cancel the synchronous-replication waits, then kill -9 of the leader",
              Map.of());
      case CRASH, SKEW -> throw new IllegalArgumentException(kind + " is not scheduled");
    };
  }

  private static PlannedFault notifyFault(SplittableRandom random, long at, int instance) {
    long forMs = between(random, 5_000, 15_000);
    Map<String, Object> knobs = new LinkedHashMap<>();
    switch (random.nextInt(6)) {
      case 0 -> knobs.put("notifyCopies", 3);
      case 1 -> knobs.put("notifyShuffle", true);
      case 2 -> knobs.put("notifyDrop", true);
      case 3 -> knobs.put("notifyDelayMs", 3_000);
      case 4 -> knobs.put("tamperAmount", true);
      default -> knobs.put("badSignature", true);
    }
    String label = knobs.keySet().iterator().next();
    return new PlannedFault(at, Fault.NOTIFY, instance, forMs, label, knobs);
  }

  private static PlannedFault gatewayFault(
      SplittableRandom random, long at, int instance, Timings timings) {
    long forMs = between(random, 4_000, 12_000);
    String method = METHODS[random.nextInt(METHODS.length)];
    Map<String, Object> knobs = new LinkedHashMap<>();
    knobs.put("method", method);
    switch (random.nextInt(3)) {
      case 0 -> {
        knobs.put("gatewayErrorRate", 0.5);
        knobs.put("gatewayErrorCode", "MIXED");
      }
      case 1 -> knobs.put("gatewayLatencyMs", between(random, 1_000, 6_000));
      default -> {
        knobs.put("commitThenTimeout", true);
        knobs.put("commitThenTimeoutStallMs", timings.readTimeout().toMillis() + 2_000);
      }
    }
    String label =
        knobs.keySet().stream().filter(k -> !k.equals("method")).findFirst().orElseThrow()
            + " "
            + method;
    return new PlannedFault(at, Fault.GATEWAY, instance, forMs, label, knobs);
  }

  private static void add(List<Fault> weighted, Set<Fault> enabled, Fault fault, int weight) {
    if (enabled.contains(fault)) {
      for (int i = 0; i < weight; i++) {
        weighted.add(fault);
      }
    }
  }

  private static long between(SplittableRandom random, long from, long to) {
    return from + random.nextLong(to - from);
  }
}
