package io.payonce.server.payment;

import static io.payonce.server.payment.AtMostOnceActions.dependent;
import static io.payonce.server.payment.AtMostOnceActions.step;

import java.util.HashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.state.Action;

/**
 * The channel misbehaves through the sandbox's chaos knobs until it calms down (or the chain
 * settles): notifies dropped, sent three times at once, delayed or shuffled; one gateway method
 * failing without effect (20000, ACQ.SYSTEM_ERROR) or timing out after it took effect. Only
 * deterministic knobs are used — an error rate of 1, never a fraction, never the MIXED error code —
 * so that a seed replays the same faults: the sandbox draws those from an unseeded random.
 */
final class AtMostOnceChaosActions {

  /** Longer than the channel read timeout of the property's context (2 s). */
  private static final long STALL_MS = 2500;

  private AtMostOnceChaosActions() {}

  enum Notifies {
    NORMAL,
    DROPPED,
    THREE_COPIES,
    DELAYED,
    SHUFFLED
  }

  static Action<AtMostOnceWorld> notifies() {
    return dependent(
        w -> true,
        w ->
            Arbitraries.of(Notifies.class)
                .map(
                    mode ->
                        step(
                            "notifies " + mode,
                            world -> {
                              // Every notify knob in one call: null clears the others.
                              Map<String, Object> knobs = new HashMap<>();
                              knobs.put("notifyDrop", mode == Notifies.DROPPED ? true : null);
                              knobs.put("notifyCopies", mode == Notifies.THREE_COPIES ? 3 : null);
                              knobs.put("notifyDelayMs", mode == Notifies.DELAYED ? 300 : null);
                              knobs.put("notifyShuffle", mode == Notifies.SHUFFLED ? true : null);
                              world.system.chaos(knobs);
                            })));
  }

  enum Trouble {
    UNKNOWN_ERROR,
    SYSTEM_ERROR,
    TIMEOUT_AFTER_EFFECT
  }

  /**
   * One gateway method fails from now on, without or with effect, until the channel calms. A query
   * has no effect to take, and the janitors ask a lot: queries fail at once instead of timing out
   * (a barcode payment's slow queries stand for those).
   */
  static Action<AtMostOnceWorld> channelTrouble() {
    return dependent(
        w -> true,
        w ->
            Arbitraries.of(
                    "alipay.trade.close",
                    "alipay.trade.precreate",
                    "alipay.trade.query",
                    "alipay.trade.cancel",
                    "alipay.trade.refund",
                    "alipay.trade.pay",
                    "alipay.trade.fastpay.refund.query")
                .flatMap(
                    method ->
                        (method.endsWith("query")
                                ? Arbitraries.of(Trouble.UNKNOWN_ERROR, Trouble.SYSTEM_ERROR)
                                : Arbitraries.of(Trouble.class))
                            .map(
                                trouble ->
                                    step(
                                        method + " " + trouble,
                                        world -> world.system.chaos(knobs(method, trouble))))));
  }

  private static Map<String, Object> knobs(String method, Trouble trouble) {
    boolean timeout = trouble == Trouble.TIMEOUT_AFTER_EFFECT;
    Map<String, Object> knobs = new HashMap<>();
    knobs.put("method", method);
    knobs.put("gatewayErrorRate", timeout ? null : 1.0);
    knobs.put(
        "gatewayErrorCode",
        switch (trouble) {
          case UNKNOWN_ERROR -> "20000";
          case SYSTEM_ERROR -> "40004";
          case TIMEOUT_AFTER_EFFECT -> null;
        });
    knobs.put("commitThenTimeout", timeout ? true : null);
    knobs.put("commitThenTimeoutStallMs", timeout ? STALL_MS : null);
    return knobs;
  }

  static Action<AtMostOnceWorld> calm() {
    return dependent(
        w -> true,
        w -> Arbitraries.just(step("the channel calms down", world -> world.system.calm())));
  }
}
