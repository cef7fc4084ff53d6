package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Barcode pay with the sandbox's test buyers: pays at once, confirms the password later, never
 * confirms by themselves (the buyer then confirms on the phone, often right around the moment the
 * server gives up and cancels), refused, no balance. The same request may arrive from two
 * instances, a precreate may race it, and one request id in ten is longer than 64 characters (the
 * API allows 128).
 */
final class BarcodeFlow {

  private static final String[] CODES = {
    "280000000000000001",
    "280000000000000001",
    "280000000000000001",
    "280000000000000002",
    "280000000000000002",
    "280000000000000002",
    "280000000000000003",
    "280000000000000003",
    "280000000000000003",
    "280000000000000004",
    "280000000000000005"
  };
  private static final String CONFIRMS_LATER = "280000000000000002";
  private static final String NEVER_CONFIRMS = "280000000000000003";
  private static final Set<String> WAITING = Set.of("INIT", "PAYING", "PRECREATED");

  private static final Map<String, Object> QUERIES_FAIL =
      Map.of("gatewayErrorRate", 1.0, "gatewayErrorCode", "20000");

  private BarcodeFlow() {}

  static void pay(Scenario s) {
    String code = CODES[s.random.nextInt(CODES.length)];
    boolean longId = s.chance(0.1);
    int longLength = 65 + s.random.nextInt(64);
    Target first = s.pick();
    boolean twice = s.chance(0.3);
    Target second = s.pick();
    int secondDelay = s.between(50, 800);
    boolean racingPrecreate = s.chance(0.2);
    Target precreator = s.pick();
    int precreateDelay = s.between(0, 1500);
    boolean confirms = code.equals(NEVER_CONFIRMS) && s.chance(0.75);
    long pollFor = s.actors().timings().barcodePollFor().toMillis();
    int confirmDelay =
        s.chance(0.5)
            ? s.between((int) pollFor - 1_000, (int) pollFor + 1_500)
            : s.between(300, (int) pollFor);
    boolean queriesFail = (code.equals(CONFIRMS_LATER) || confirms) && s.chance(0.35);
    RefundFlow refunds = RefundFlow.plan(s);
    String base = "bc-" + s.orderNo;
    String requestId = longId ? base + "-" + "x".repeat(longLength - base.length() - 1) : base;
    s.note(
        "BARCODE amount="
            + s.amount
            + " code="
            + code
            + " requestId.length="
            + requestId.length()
            + " first="
            + first.name()
            + " twice="
            + (twice ? second.name() : "no")
            + " racingPrecreate="
            + (racingPrecreate ? precreator.name() : "no")
            + " buyerConfirms="
            + (confirms ? confirmDelay + "ms" : "no")
            + " queriesFail="
            + queriesFail
            + " "
            + refunds);
    if (!s.createOrder()) {
      return;
    }
    List<Callable<Reply>> calls = new ArrayList<>();
    calls.add(() -> s.merchant().barcode(first, s.orderNo, code, requestId));
    if (twice) {
      calls.add(
          () -> {
            Scenario.sleep(secondDelay);
            return s.merchant().barcode(second, s.orderNo, code, requestId);
          });
    }
    if (racingPrecreate) {
      calls.add(
          () -> {
            Scenario.sleep(precreateDelay);
            return s.merchant().precreate(precreator, s.orderNo, false, null, null);
          });
    }
    AtomicReference<String> blinded = new AtomicReference<>();
    if (queriesFail) {
      // The channel's query API fails for this trade while the buyer pays: the merchant cannot see
      // the payment and gives up (cancel), whatever the buyer did meanwhile.
      calls.add(
          () -> {
            String outTradeNo = s.awaitPaymentIn(WAITING, 3_000);
            if (outTradeNo == null) {
              return new Reply(-1, "", Map.of(), "no payment to blind");
            }
            blinded.set(outTradeNo);
            return s.actors().sandbox().chaosFor(outTradeNo, "alipay.trade.query", QUERIES_FAIL);
          });
    }
    if (confirms) {
      calls.add(
          () -> {
            Scenario.sleep(confirmDelay);
            String outTradeNo = s.paymentIn(WAITING);
            return outTradeNo == null
                ? new Reply(-1, "", Map.of(), "no payment waiting")
                : s.buyer().confirm(s.orderNo, outTradeNo);
          });
    }
    List<Reply> replies;
    try {
      replies = s.together(calls);
    } finally {
      if (blinded.get() != null) {
        Map<String, Object> off = new HashMap<>();
        off.put("gatewayErrorRate", null);
        off.put("gatewayErrorCode", null);
        s.actors().sandbox().chaosFor(blinded.get(), "alipay.trade.query", off);
      }
    }
    s.note(
        "barcode"
            + (twice ? " x2" : "")
            + (racingPrecreate ? " / precreate" : "")
            + (confirms ? " / buyer confirms" : "")
            + ": "
            + RefundFlow.briefs(replies));
    QrFlows.settleAndRefund(s, refunds, Duration.ofSeconds(25));
  }
}
