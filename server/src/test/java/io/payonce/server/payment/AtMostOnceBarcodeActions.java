package io.payonce.server.payment;

import static io.payonce.server.payment.AtMostOnceActions.brief;
import static io.payonce.server.payment.AtMostOnceActions.dependent;
import static io.payonce.server.payment.AtMostOnceActions.noServerError;
import static io.payonce.server.payment.AtMostOnceActions.orderIndex;
import static io.payonce.server.payment.AtMostOnceActions.requestIdLengths;
import static io.payonce.server.payment.AtMostOnceActions.step;

import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import io.payonce.server.payment.AtMostOnceWorld.RunningBarcode;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.time.Duration;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;
import net.jqwik.api.state.Action;
import org.awaitility.Awaitility;

/**
 * Barcode pay: the merchant scans the codes of the sandbox's test buyers — one who pays at once,
 * one who confirms with a password soon, one who never does by themselves, two who are refused —
 * and waits for the answer, or leaves the request running while other steps happen (the buyer may
 * confirm meanwhile, or only after the merchant gave up and cancelled). Optionally the channel's
 * trade queries are slow while it runs, which widens the window between the merchant's last look at
 * the trade and its cancel.
 */
final class AtMostOnceBarcodeActions {

  /** Longer than the barcode flow polls (1.5 s), shorter than the channel read timeout (2 s). */
  private static final long SLOW_QUERY_MS = 1800;

  private AtMostOnceBarcodeActions() {}

  /** The sandbox's test buyers (see the sandbox README). */
  enum Buyer {
    PAYS_AT_ONCE("280000000000000001"),
    CONFIRMS_SOON("280000000000000002"),
    NEVER_CONFIRMS("280000000000000003"),
    REFUSED("280000000000000004"),
    NO_BALANCE("280000000000000005");

    final String authCode;

    Buyer(String authCode) {
      this.authCode = authCode;
    }
  }

  static Action<AtMostOnceWorld> barcode() {
    return dependent(
        AtMostOnceWorld::hasOrders,
        w ->
            Combinators.combine(
                    orderIndex(w),
                    Arbitraries.of(Buyer.class),
                    requestIdLengths(Tuple.of(6, 12), Tuple.of(3, 0), Tuple.of(3, 64)))
                .as(
                    (index, buyer, keyLength) ->
                        step(
                            "barcode #"
                                + index
                                + " "
                                + buyer
                                + (keyLength > 0
                                    ? " requestId of " + keyLength + " chars"
                                    : " without requestId"),
                            world -> {
                              ModelOrder order = world.order(index);
                              String key =
                                  keyLength > 0 ? AtMostOnceActions.key(world, keyLength) : null;
                              Map<String, Object> body = body(world, order, buyer, key);
                              answered(
                                  world,
                                  order,
                                  key,
                                  world.system.post("/pay/alipay/barcode", body, Map.of()));
                            })));
  }

  /** A barcode payment left running while other steps happen. */
  static Action<AtMostOnceWorld> startBarcode() {
    return dependent(
        w -> w.hasOrders() && !w.barcodeRunning(),
        w ->
            Combinators.combine(
                    orderIndex(w),
                    Arbitraries.of(Buyer.NEVER_CONFIRMS, Buyer.CONFIRMS_SOON),
                    Arbitraries.of(false, true))
                .as(
                    (index, buyer, slowQueries) ->
                        step(
                            "start barcode #"
                                + index
                                + " "
                                + buyer
                                + (slowQueries ? " while trade queries take 1.8s" : ""),
                            world -> start(world, world.order(index), buyer, slowQueries))));
  }

  private static void start(
      AtMostOnceWorld world, ModelOrder order, Buyer buyer, boolean slowQueries) {
    world.finishBarcode();
    AtMostOnceSystem system = world.system;
    if (slowQueries) {
      system.chaos(Map.of("method", "alipay.trade.query", "gatewayLatencyMs", SLOW_QUERY_MS));
    }
    String key = AtMostOnceActions.key(world, 12);
    Map<String, Object> body = body(world, order, buyer, key);
    RunningBarcode running =
        new RunningBarcode(
            order,
            key,
            system.inBackground(() -> system.post("/pay/alipay/barcode", body, Map.of())));
    world.barcode = running;
    if (slowQueries) {
      running.answer.whenComplete((answer, error) -> quickQueries(system));
    }
    // The buyer's phone shows the payment once the channel has it: wait for that (or the answer).
    Awaitility.await("the barcode payment of " + order + " at the channel")
        .atMost(Duration.ofSeconds(20))
        .pollDelay(Duration.ZERO)
        .pollInterval(Duration.ofMillis(20))
        .until(() -> running.answer.isDone() || tradeExists(world, key));
    world.note("  barcode of " + order + " running under requestId " + key);
  }

  private static void quickQueries(AtMostOnceSystem system) {
    Map<String, Object> knobs = new HashMap<>();
    knobs.put("method", "alipay.trade.query");
    knobs.put("gatewayLatencyMs", null);
    system.chaos(knobs);
  }

  /** The buyer types their password: now, or only after the merchant's request has answered. */
  static Action<AtMostOnceWorld> confirmBarcode() {
    return dependent(
        w -> w.barcode != null && !w.barcode.confirmed,
        w ->
            Arbitraries.of(false, true)
                .map(
                    late ->
                        step(
                            "buyer confirms the barcode "
                                + (late ? "after the merchant's answer" : "now"),
                            world -> confirm(world, late))));
  }

  private static void confirm(AtMostOnceWorld world, boolean late) {
    RunningBarcode running = world.barcode;
    if (late) {
      world.finishBarcode();
    }
    running.confirmed = true;
    String outTradeNo = outTradeNo(world, running.requestId);
    if (outTradeNo == null) {
      world.note("  no barcode payment to confirm");
      return;
    }
    running.order.outTradeNos.add(outTradeNo);
    Answer answer = world.system.walletConfirm(outTradeNo);
    world.note("  confirm " + outTradeNo + " → " + brief(answer));
  }

  static Action<AtMostOnceWorld> awaitBarcode() {
    return dependent(
        AtMostOnceWorld::barcodeRunning,
        w -> Arbitraries.just(step("await the barcode's answer", AtMostOnceWorld::finishBarcode)));
  }

  private static Map<String, Object> body(
      AtMostOnceWorld world, ModelOrder order, Buyer buyer, String key) {
    Map<String, Object> body = new LinkedHashMap<>();
    body.put("orderNo", order.orderNo);
    body.put("authCode", buyer.authCode);
    if (key != null) {
      body.put("requestId", key);
      world.keyed("/pay/alipay/barcode", key, Map.copyOf(body), false);
    }
    return body;
  }

  /** Checks and records a barcode answer (I0, I4). */
  static void answered(AtMostOnceWorld world, ModelOrder order, String key, Answer answer) {
    world.note("  barcode of " + order + " → " + brief(answer));
    noServerError(world, "barcode", answer);
    if (key != null) {
      AtMostOnceKeyActions.answered(world, key, answer);
    }
    if (answer.status() == 200) {
      order.outTradeNos.add(answer.text("outTradeNo"));
    }
  }

  private static boolean tradeExists(AtMostOnceWorld world, String requestId) {
    String outTradeNo = outTradeNo(world, requestId);
    return outTradeNo != null && !world.system.trades(outTradeNo).isEmpty();
  }

  /** The barcode payment's number, found by the requestId it was opened with. */
  private static String outTradeNo(AtMostOnceWorld world, String requestId) {
    return world
        .system
        .jdbc
        .sql("SELECT out_trade_no FROM payment WHERE request_id = :requestId")
        .param("requestId", requestId)
        .query(String.class)
        .optional()
        .orElse(null);
  }
}
