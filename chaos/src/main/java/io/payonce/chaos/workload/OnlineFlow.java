package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;

/**
 * A buyer paying with any product of either channel ({@link Product}: Alipay and WeChat Pay QR
 * codes, Alipay PC web, mobile web and App, WeChat Pay JSAPI, mini-program, App and H5): double
 * clicks across instances, a page opened twice, maybe a switch to another product of either channel
 * — the first one's payment closed first (at the channel when its trade exists there; an Alipay App
 * trade exists only once paid, so that close proves nothing) — and a buyer who pays the first
 * hand-off, the second, the first after the switch, twice, or after its expiry, with the channel
 * taking it late.
 */
final class OnlineFlow {

  private OnlineFlow() {}

  static void pay(Scenario s) {
    Product first = Product.ALL.get(s.random.nextInt(Product.ALL.size()));
    int clickCount = 1 + s.random.nextInt(3);
    List<Target> clicks = new ArrayList<>();
    for (int i = 0; i < clickCount; i++) {
      clicks.add(s.pick());
    }
    List<Product> others = new ArrayList<>(Product.ALL);
    others.remove(first);
    Product second = others.get(s.random.nextInt(others.size()));
    boolean switchProduct = s.chance(0.4);
    boolean payFirst = !switchProduct || s.chance(0.5);
    boolean paySecond = switchProduct && s.chance(0.7);
    boolean doublePay = s.chance(0.15);
    boolean late = payFirst && s.chance(0.15);
    boolean openTwice = first.page() && s.chance(0.5);
    int lateByMs = s.between(0, 3_000);
    RefundFlow refunds = RefundFlow.plan(s);
    s.note(
        "ONLINE "
            + first
            + " amount="
            + s.amount
            + " clicks="
            + QrFlows.names(clicks)
            + " switchTo="
            + (switchProduct ? second : "none")
            + " payFirst="
            + (payFirst ? (late ? "after its expiry +" + lateByMs + "ms" : "yes") : "no")
            + " paySecond="
            + paySecond
            + " doublePay="
            + doublePay
            + (first.page() ? " openTwice=" + openTwice : "")
            + " "
            + refunds);
    if (!s.createOrder()) {
      return;
    }
    List<Callable<Reply>> handoffs = new ArrayList<>();
    for (Target target : clicks) {
      handoffs.add(() -> s.merchant().handoff(target, first, s.orderNo, s.openid()));
    }
    List<Reply> answers = s.together(handoffs);
    s.note(first + " hand-off x" + clickCount + ": " + RefundFlow.briefs(answers));
    Reply answer = answers.stream().filter(r -> first.payable(r) != null).findFirst().orElse(null);
    if (answer == null) {
      answer =
          s.retrying(() -> s.merchant().handoff(s.actors().lb(), first, s.orderNo, s.openid()), 20);
      if (first.payable(answer) == null) {
        s.note("nothing to pay with: " + answer.brief());
        return;
      }
    }
    Object firstPayable = first.payable(answer);
    Object secondPayable = null;
    if (switchProduct) {
      Reply switched = s.merchant().handoff(s.pick(), second, s.orderNo, s.openid());
      s.note("switch to " + second + ": " + switched.brief());
      secondPayable = second.payable(switched);
    }
    if (openTwice) {
      // The buyer opens the page, looks, and opens it again to pay (a reload, a second tab).
      s.note("buyer opens the page: " + s.buyer().open(s.orderNo, (String) firstPayable).brief());
    }
    List<Callable<Reply>> pays = new ArrayList<>();
    if (payFirst && !late) {
      pays.add(() -> s.buyer().pay(first, s.orderNo, firstPayable, s.buyerId(), s.openid()));
      if (doublePay) {
        pays.add(() -> s.buyer().pay(first, s.orderNo, firstPayable, s.buyerId(), s.openid()));
      }
    }
    if (paySecond && secondPayable != null) {
      Object toPay = secondPayable;
      pays.add(() -> s.buyer().pay(second, s.orderNo, toPay, s.buyerId(), s.openid()));
    }
    if (!pays.isEmpty()) {
      s.note("buyer pays: " + RefundFlow.briefs(s.together(pays)));
    }
    if (late) {
      payLate(s, first, answer, firstPayable, lateByMs);
    }
    QrFlows.settleAndRefund(s, refunds, Duration.ofSeconds(20));
  }

  /**
   * The buyer pays the hand-off {@code lateByMs} after its expiry, and the channel takes it (its
   * {@code payableAfterTimeExpire}): a late success that must be recorded, and refunded when the
   * order moved on.
   */
  private static void payLate(
      Scenario s, Product product, Reply answer, Object payable, int lateByMs) {
    String outTradeNo = answer.text("outTradeNo");
    String expires = answer.text("expireTime");
    long untilExpiry =
        expires == null
            ? s.actors().timings().qrTtl().toMillis()
            : Duration.between(Instant.now(), Instant.parse(expires)).toMillis();
    s.actors()
        .deferred()
        .later(
            Duration.ofMillis(Math.max(0, untilExpiry) + lateByMs),
            () -> {
              Map<String, Object> late = new HashMap<>();
              late.put("payableAfterTimeExpire", true);
              s.actors().sandbox().chaosFor(outTradeNo, null, late);
              s.note(
                  "late buyer pays "
                      + product
                      + ": "
                      + s.buyer()
                          .pay(product, s.orderNo, payable, s.buyerId(), s.openid())
                          .brief());
            });
  }
}
