package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicReference;

/**
 * Scan-to-pay stories: double clicks and refreshes, a close racing the buyer, an abandoned code.
 */
final class QrFlows {

  private static final Map<String, Object> LOST_CLOSE =
      Map.of("gatewayErrorRate", 1.0, "gatewayErrorCode", "20000");
  private static final Map<String, Object> SLOW_CLOSE = Map.of("gatewayLatencyMs", 1_500);
  private static final Map<String, Object> CALM_CLOSE = calm();

  private QrFlows() {}

  /** Double (or triple) clicks across instances, maybe a refresh race, the buyer pays; refunds. */
  static void pay(Scenario s) {
    String channel = s.chance(0.5) ? "wechat" : "alipay";
    int clickCount = 1 + s.random.nextInt(3);
    List<Target> clicks = new ArrayList<>();
    for (int i = 0; i < clickCount; i++) {
      clicks.add(s.pick());
    }
    boolean scanFirst = s.chance(0.25);
    boolean refresh = s.chance(0.3);
    Target[] refreshers = s.twoInstances();
    boolean doublePay = s.chance(0.15);
    boolean payOld = s.chance(0.3);
    RefundFlow refunds = RefundFlow.plan(s);
    s.note(
        "QR_PAY "
            + channel
            + " amount="
            + s.amount
            + " clicks="
            + names(clicks)
            + " scanFirst="
            + scanFirst
            + " refresh="
            + refresh
            + " doublePay="
            + doublePay
            + " payOld="
            + payOld
            + " "
            + refunds);
    if (!s.createOrder()) {
      return;
    }
    List<Reply> answers = s.together(precreates(s, channel, clicks, false));
    s.note("precreate x" + clickCount + ": " + RefundFlow.briefs(answers));
    Reply qr = withQr(answers);
    if (qr == null) {
      qr =
          s.retrying(
              () -> s.merchant().precreate(s.actors().lb(), channel, s.orderNo, false, null, null),
              20);
    }
    if (qr.status() != 200) {
      s.note("no QR code: " + qr.brief());
      return;
    }
    String first = qr.text("qrCode");
    String latest = first;
    if (scanFirst) {
      s.note("scan: " + s.buyer().scan(s.orderNo, first, s.buyerId()).brief());
    }
    if (refresh) {
      List<Reply> refreshed = s.together(precreates(s, channel, List.of(refreshers), true));
      s.note("refresh x2: " + RefundFlow.briefs(refreshed));
      Reply fresh = withQr(refreshed);
      if (fresh != null) {
        latest = fresh.text("qrCode");
      }
    }
    String toPay = latest;
    List<Callable<Reply>> pays = new ArrayList<>();
    pays.add(() -> s.buyer().pay(s.orderNo, toPay, s.buyerId()));
    if (doublePay) {
      pays.add(() -> s.buyer().pay(s.orderNo, toPay, s.buyerId()));
    }
    s.note(
        "buyer pays"
            + (toPay.equals(first) ? "" : " the new code")
            + ": "
            + RefundFlow.briefs(s.together(pays)));
    if (payOld && !latest.equals(first)) {
      s.note("buyer pays the old code: " + s.buyer().pay(s.orderNo, first, s.buyerId()).brief());
    }
    settleAndRefund(s, refunds, Duration.ofSeconds(20));
  }

  /**
   * The merchant cancels while the buyer pays (or while the code lies unscanned); maybe a precreate
   * slips in — sometimes while a slow close is under way, its own close then lost; maybe the
   * channel's answer to the close is lost and the merchant closes again elsewhere; a buyer may come
   * back to the old code(s) later, sometimes near their expiry and with their notifies lost.
   */
  static void closeRace(Scenario s) {
    boolean scanFirst = s.chance(0.4);
    boolean buyerRaces = s.chance(0.6);
    int buyerDelay = s.between(0, 1500);
    int closeDelay = s.between(0, 1500);
    Target closer = s.pick();
    boolean slowCloseSlip = s.chance(0.2);
    boolean racingPrecreate = slowCloseSlip || s.chance(0.3);
    int precreateDelay = slowCloseSlip ? closeDelay + 200 : s.between(0, 1500);
    Target precreator = s.pick();
    boolean unknownClose = !slowCloseSlip && s.chance(0.25);
    Target retrier = s.pick();
    boolean lateBuyer = s.chance(buyerRaces ? 0.5 : 0.85);
    boolean dropLateNotifies = s.chance(0.4);
    long ttl = s.actors().timings().qrTtl().toMillis();
    long lateAt =
        s.chance(0.5)
            ? ttl - 3_000 + s.random.nextLong(2_800)
            : 1_000 + s.random.nextLong(ttl + s.actors().timings().expiryMargin().toMillis());
    s.note(
        "CLOSE_RACE amount="
            + s.amount
            + " scanFirst="
            + scanFirst
            + " buyerDelay="
            + (buyerRaces ? buyerDelay : "none")
            + " closeDelay="
            + closeDelay
            + " closer="
            + closer.name()
            + " racingPrecreate="
            + (racingPrecreate ? precreateDelay + "ms" : "no")
            + " slowCloseSlip="
            + slowCloseSlip
            + " unknownClose="
            + unknownClose
            + " lateBuyer="
            + (lateBuyer
                ? lateAt + "ms after the code" + (dropLateNotifies ? " (notifies dropped)" : "")
                : "no"));
    if (!s.createOrder()) {
      return;
    }
    Reply qr =
        s.retrying(() -> s.merchant().precreate(s.actors().lb(), s.orderNo, false, null, null), 20);
    if (qr.status() != 200) {
      s.note("no QR code: " + qr.brief());
      return;
    }
    long codeAt = System.nanoTime();
    String code = qr.text("qrCode");
    String outTradeNo = qr.text("outTradeNo");
    if (scanFirst) {
      s.note("scan: " + s.buyer().scan(s.orderNo, code, s.buyerId()).brief());
    }
    if (unknownClose) {
      s.actors().sandbox().chaosFor(outTradeNo, "alipay.trade.close", LOST_CLOSE);
    }
    if (slowCloseSlip) {
      s.actors().sandbox().chaosFor(outTradeNo, "alipay.trade.close", SLOW_CLOSE);
    }
    AtomicReference<String> slipped = new AtomicReference<>();
    List<Callable<Reply>> race = new ArrayList<>();
    race.add(
        () -> {
          if (!buyerRaces) {
            return new Reply(-1, "", Map.of(), "buyer away");
          }
          Scenario.sleep(buyerDelay);
          return s.buyer().pay(s.orderNo, code, s.buyerId());
        });
    race.add(
        () -> {
          Scenario.sleep(closeDelay);
          return s.merchant().close(closer, s.orderNo);
        });
    if (racingPrecreate) {
      race.add(
          () -> {
            Scenario.sleep(precreateDelay);
            Reply slip = s.merchant().precreate(precreator, s.orderNo, false, null, null);
            String number = slip.text("outTradeNo");
            if (slowCloseSlip && number != null && !number.equals(outTradeNo)) {
              // The slow close will reach this payment next: its answer gets lost.
              slipped.set(number);
              s.actors().sandbox().chaosFor(number, "alipay.trade.close", LOST_CLOSE);
            }
            return slip;
          });
    }
    List<Reply> raced = s.together(race);
    s.note(
        "buyer pays / merchant closes"
            + (racingPrecreate ? " / precreate" : "")
            + ": "
            + RefundFlow.briefs(raced));
    s.closedMeansClosed(raced.get(1), closer);
    if (unknownClose || slowCloseSlip) {
      s.actors().sandbox().chaosFor(outTradeNo, "alipay.trade.close", CALM_CLOSE);
      if (slipped.get() != null) {
        s.actors().sandbox().chaosFor(slipped.get(), "alipay.trade.close", CALM_CLOSE);
      }
      Reply again = s.retrying(() -> s.merchant().close(retrier, s.orderNo), 10);
      s.note("close again via " + retrier.name() + ": " + again.brief());
      s.closedMeansClosed(again, retrier);
    }
    Map<String, String> codes = new LinkedHashMap<>();
    codes.put(code, outTradeNo);
    if (racingPrecreate && raced.get(2).status() == 200 && raced.get(2).text("qrCode") != null) {
      codes.put(raced.get(2).text("qrCode"), raced.get(2).text("outTradeNo"));
    }
    if (lateBuyer) {
      long elapsed = (System.nanoTime() - codeAt) / 1_000_000;
      s.actors()
          .deferred()
          .later(
              Duration.ofMillis(Math.max(0, lateAt - elapsed)),
              () ->
                  codes.forEach(
                      (late, number) -> {
                        if (dropLateNotifies) {
                          // Only the janitor's watch can now see this payment.
                          Map<String, Object> drop = new HashMap<>();
                          drop.put("notifyDrop", true);
                          s.actors().sandbox().chaosFor(number, null, drop);
                        }
                        s.note(
                            "late buyer pays "
                                + (late.equals(code) ? "the code" : "the racing code")
                                + (dropLateNotifies ? " (notifies dropped)" : "")
                                + ": "
                                + s.buyer().pay(s.orderNo, late, s.buyerId()).brief());
                      }));
    }
  }

  /** A code nobody pays (sometimes scanned): it must expire and be closed. */
  static void abandon(Scenario s) {
    String channel = s.chance(0.5) ? "wechat" : "alipay";
    Target[] clicks = s.twoInstances();
    boolean twice = s.chance(0.5);
    boolean scan = s.chance(0.5);
    s.note("ABANDON " + channel + " amount=" + s.amount + " twice=" + twice + " scan=" + scan);
    if (!s.createOrder()) {
      return;
    }
    List<Reply> answers =
        s.together(precreates(s, channel, twice ? List.of(clicks) : List.of(clicks[0]), false));
    s.note("precreate: " + RefundFlow.briefs(answers));
    Reply qr = withQr(answers);
    if (scan && qr != null) {
      s.note(
          "scan, never pay: " + s.buyer().scan(s.orderNo, qr.text("qrCode"), s.buyerId()).brief());
    }
  }

  /** Waits for the order to settle; refunds it if it is paid. */
  static void settleAndRefund(Scenario s, RefundFlow refunds, Duration wait) {
    Reply settled = s.awaitSettled(wait);
    String status = settled.ok() ? settled.text("orderStatus") : settled.brief();
    s.note("order " + status);
    if ("PAID".equals(status)) {
      refunds.run(settled.json().path("payment").path("outTradeNo").asString());
    }
  }

  private static Map<String, Object> calm() {
    Map<String, Object> off = new HashMap<>();
    off.put("gatewayErrorRate", null);
    off.put("gatewayErrorCode", null);
    off.put("gatewayLatencyMs", null);
    return off;
  }

  static List<Callable<Reply>> precreates(
      Scenario s, String channel, List<Target> targets, boolean refresh) {
    List<Callable<Reply>> calls = new ArrayList<>();
    for (Target target : targets) {
      calls.add(() -> s.merchant().precreate(target, channel, s.orderNo, refresh, null, null));
    }
    return calls;
  }

  static Reply withQr(List<Reply> replies) {
    return replies.stream()
        .filter(r -> r.status() == 200 && r.text("qrCode") != null)
        .findFirst()
        .orElse(null);
  }

  static String names(List<Target> targets) {
    return String.join("+", targets.stream().map(Target::name).toList());
  }
}
