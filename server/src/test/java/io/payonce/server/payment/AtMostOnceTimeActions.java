package io.payonce.server.payment;

import static io.payonce.server.payment.AtMostOnceActions.concurrently;
import static io.payonce.server.payment.AtMostOnceActions.dependent;
import static io.payonce.server.payment.AtMostOnceActions.orderIndex;
import static io.payonce.server.payment.AtMostOnceActions.step;

import io.payonce.server.db.SqlTime;
import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.function.Function;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.state.Action;

/**
 * The janitors and time: a payment janitor sweep (on one or two instances at once), a refund
 * janitor sweep, both clocks moving on — by a fixed time or to just around an order's code expiry,
 * the payment janitor running meanwhile or not — and settling, after which the invariants that need
 * a quiet system are checked too.
 */
final class AtMostOnceTimeActions {

  private static final String LATEST_EXPIRY =
      """
      SELECT p.expire_time
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE o.order_no = :orderNo
        AND p.expire_time IS NOT NULL
      ORDER BY p.pay_id DESC
      """;

  private AtMostOnceTimeActions() {}

  static Action<AtMostOnceWorld> janitor() {
    return dependent(
        w -> true,
        w ->
            Arbitraries.of(1, 2)
                .map(
                    instances ->
                        step(
                            "payment janitor sweeps" + (instances > 1 ? " on 2 instances" : ""),
                            world -> {
                              List<Integer> queried =
                                  concurrently(instances, n -> world.system.janitor.sweep());
                              world.note("  janitor queried " + queried);
                            })));
  }

  static Action<AtMostOnceWorld> refundJanitor() {
    return dependent(
        w -> true,
        w ->
            Arbitraries.just(
                step(
                    "refund janitor sweeps",
                    world ->
                        world.note("  refunds attempted " + world.system.refundJanitor.sweep()))));
  }

  /**
   * Both clocks move on, by a fixed time or to just around the expiry of an order's latest code,
   * with the payment janitor running on its schedule meanwhile, or stopped. Not while a barcode
   * request runs: its polling reads our clock.
   */
  static Action<AtMostOnceWorld> advanceClocks() {
    return dependent(
        w -> !w.barcodeRunning(),
        w ->
            Combinators.combine(target(w), Arbitraries.of(true, false))
                .as(
                    (target, janitorRuns) ->
                        step(
                            target.description()
                                + (janitorRuns ? ", the janitor running" : ", no janitor"),
                            world -> {
                              Duration by = target.from().apply(world);
                              if (by.isNegative() || by.isZero()) {
                                world.note("  nothing to wait for");
                                return;
                              }
                              int sweeps = AtMostOnceSettling.passTime(world, by, janitorRuns);
                              world.note(
                                  "  now " + world.system.now() + " after " + sweeps + " sweeps");
                            })));
  }

  /** Where a clock move goes: how far from now, worked out when it runs. */
  record Target(String description, Function<AtMostOnceWorld, Duration> from) {}

  private static Arbitrary<Target> target(AtMostOnceWorld world) {
    Arbitrary<Target> fixed =
        Arbitraries.of(
                Duration.ofSeconds(10),
                Duration.ofMinutes(1),
                Duration.ofMinutes(5),
                Duration.ofMinutes(14),
                Duration.ofMinutes(16))
            .map(by -> new Target("clocks +" + by, w -> by));
    if (!world.hasOrders()) {
      return fixed;
    }
    Arbitrary<Target> aroundExpiry =
        Combinators.combine(
                orderIndex(world),
                Arbitraries.of(
                    Duration.ofSeconds(-2),
                    Duration.ofSeconds(-61),
                    Duration.ofSeconds(-1),
                    Duration.ZERO,
                    Duration.ofSeconds(1),
                    Duration.ofSeconds(2),
                    Duration.ofSeconds(61)))
            .as(
                (index, delta) ->
                    new Target(
                        "clocks to the expiry of #" + index + "'s latest code " + delta,
                        w -> untilExpiry(w, w.order(index), delta)));
    return Arbitraries.oneOf(fixed, aroundExpiry);
  }

  private static Duration untilExpiry(AtMostOnceWorld world, ModelOrder order, Duration delta) {
    Instant expiry =
        world
            .system
            .jdbc
            .sql(LATEST_EXPIRY)
            .param("orderNo", order.orderNo)
            .query((rs, n) -> SqlTime.fromColumn(rs, "expire_time"))
            .list()
            .stream()
            .findFirst()
            .orElse(null);
    return expiry == null
        ? Duration.ZERO
        : Duration.between(world.system.now(), expiry.plus(delta));
  }

  /** Everything settles; then the invariants that need a quiet system hold too. */
  static Action<AtMostOnceWorld> settle() {
    return dependent(
        w -> true,
        w ->
            Arbitraries.just(
                step(
                    "settle: the channel calms, notifies arrive, codes expire, janitors run",
                    world -> {
                      AtMostOnceSettling.settleAndNote(world);
                      AtMostOnceInvariants.holdWhenSettled(world);
                    })));
  }
}
