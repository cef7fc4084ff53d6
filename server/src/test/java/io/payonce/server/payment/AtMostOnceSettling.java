package io.payonce.server.payment;

import static org.awaitility.Awaitility.await;

import io.payonce.server.db.SqlTime;
import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.awaitility.core.ConditionTimeoutException;

/**
 * Lets a chain's world settle the way production would, only faster: the chaos stops, the running
 * barcode request ends, every notify on its way arrives (or runs out of retries), pending refunds
 * are driven, and the janitor runs on its own schedule while both clocks jump from one of its due
 * times to the next — until every payment of the chain is final and none is watched any more, i.e.
 * until every code the chain was given has expired at the channel.
 */
final class AtMostOnceSettling {

  private static final Duration DRAIN = Duration.ofSeconds(30);
  private static final int MAX_JUMPS = 300;
  private static final Duration LEAST_JUMP = Duration.ofSeconds(1);

  private static final String OPEN =
      """
      SELECT p.pay_id, COALESCE(p.next_check_at, p.next_query_at) AS next_check_at
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE o.order_no IN (:orderNos)
        AND (p.active_slot = 1 OR (p.watch_until IS NOT NULL AND p.watch_until > :now))
      """;

  private static final String PENDING_REFUNDS =
      """
      SELECT COUNT(*)
      FROM refund r
      JOIN orders o ON o.id = r.order_id
      WHERE o.order_no IN (:orderNos)
        AND r.status = 'PENDING'
      """;

  private AtMostOnceSettling() {}

  /** Settles the world; returns how many janitor rounds it took. */
  static int settle(AtMostOnceWorld world) {
    world.finishBarcode();
    world.barcode = null;
    AtMostOnceSystem system = world.system;
    system.calm();
    if (world.orders.isEmpty()) {
      return 0;
    }
    for (int jump = 0; ; jump++) {
      drain(world);
      system.janitor.sweep();
      drain(world);
      Instant now = system.now();
      List<Instant> due = open(world, now);
      if (due.isEmpty()) {
        return jump + 1;
      }
      if (jump == MAX_JUMPS) {
        throw new AssertionError(
            "payments still in flight or watched after "
                + MAX_JUMPS
                + " janitor rounds\n  trace:\n    "
                + String.join("\n    ", world.trace));
      }
      Instant next = due.stream().min(Instant::compareTo).orElseThrow();
      Duration jumpBy = Duration.between(now, next).plusMillis(1);
      system.advanceClocks(jumpBy.compareTo(LEAST_JUMP) < 0 ? LEAST_JUMP : jumpBy);
    }
  }

  /**
   * Moves both clocks on by {@code by}. With the janitor running, time passes as it does in
   * production: the janitor sweeps at every moment one of the chain's payments falls due on the way
   * (its own back-off decides when), the last one before the target. Returns the sweeps made.
   */
  static int passTime(AtMostOnceWorld world, Duration by, boolean janitorRuns) {
    AtMostOnceSystem system = world.system;
    Instant target = system.now().plus(by);
    int sweeps = 0;
    while (janitorRuns && world.hasOrders()) {
      system.janitor.sweep();
      sweeps++;
      Instant now = system.now();
      Instant next = open(world, now).stream().min(Instant::compareTo).orElse(target);
      if (!next.isBefore(target)) {
        break;
      }
      Duration step = Duration.between(now, next).plusMillis(1);
      Duration left = Duration.between(now, target);
      system.advanceClocks(step.compareTo(LEAST_JUMP) < 0 ? min(LEAST_JUMP, left) : step);
    }
    Duration rest = Duration.between(system.now(), target);
    if (!rest.isNegative() && !rest.isZero()) {
      system.advanceClocks(rest);
    }
    return sweeps;
  }

  private static Duration min(Duration a, Duration b) {
    return a.compareTo(b) <= 0 ? a : b;
  }

  /** Waits until no notify is on its way and no refund of the chain is pending. */
  static void drain(AtMostOnceWorld world) {
    AtMostOnceSystem system = world.system;
    try {
      await("notifies and refunds of the chain")
          .atMost(DRAIN)
          .pollDelay(Duration.ZERO)
          .pollInterval(Duration.ofMillis(20))
          .until(
              () -> {
                if (system.notifiesPending()) {
                  return false;
                }
                if (pendingRefunds(world) == 0) {
                  return !system.notifiesPending();
                }
                system.refundJanitor.sweep();
                return false;
              });
    } catch (ConditionTimeoutException e) {
      throw new AssertionError(
          "I6 broken: notifies or refunds still pending after "
              + DRAIN.toSeconds()
              + "s of a calm channel\n  trace:\n    "
              + String.join("\n    ", world.trace),
          e);
    }
  }

  private static long pendingRefunds(AtMostOnceWorld world) {
    return world
        .system
        .jdbc
        .sql(PENDING_REFUNDS)
        .param("orderNos", orderNos(world))
        .query(Long.class)
        .single();
  }

  /** When each open payment of the chain is next due for the janitor (now if it is due). */
  private static List<Instant> open(AtMostOnceWorld world, Instant now) {
    return world
        .system
        .jdbc
        .sql(OPEN)
        .param("orderNos", orderNos(world))
        .param("now", SqlTime.toColumn(now))
        .query(
            (rs, n) -> {
              // When the janitor asks next (next_check_at): a request's query only holds it back
              // for query-interval (next_query_at).
              Instant next = SqlTime.fromColumn(rs, "next_check_at");
              return next == null || next.isBefore(now) ? now : next;
            })
        .list();
  }

  private static List<String> orderNos(AtMostOnceWorld world) {
    return world.orders.stream().map(o -> o.orderNo).toList();
  }

  static void settleAndNote(AtMostOnceWorld world) {
    Instant before = world.system.now();
    int rounds = settle(world);
    world.note(
        "  settled after "
            + Duration.between(before, world.system.now()).toSeconds()
            + "s of clock time in "
            + rounds
            + " janitor rounds: "
            + world.orders.stream().map(ModelOrder::toString).toList());
  }
}
