package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * An online product's story (Alipay App: a signed order string the buyer's Alipay app pays; the
 * trade exists at Alipay only once the buyer opens it, so a close before that proves nothing):
 * double clicks across instances, maybe a switch to a QR code — the App payment closed first — and
 * a buyer who pays the order string, the code, the order string after the switch, or twice.
 */
final class OnlineFlow {

  private OnlineFlow() {}

  static void pay(Scenario s) {
    int clickCount = 1 + s.random.nextInt(3);
    List<Target> clicks = new ArrayList<>();
    for (int i = 0; i < clickCount; i++) {
      clicks.add(s.pick());
    }
    boolean switchToQr = s.chance(0.35);
    boolean payApp = !switchToQr || s.chance(0.5);
    boolean payQr = switchToQr && s.chance(0.7);
    boolean doublePay = s.chance(0.15);
    RefundFlow refunds = RefundFlow.plan(s);
    s.note(
        "ONLINE amount="
            + s.amount
            + " clicks="
            + QrFlows.names(clicks)
            + " switchToQr="
            + switchToQr
            + " payApp="
            + payApp
            + " payQr="
            + payQr
            + " doublePay="
            + doublePay
            + " "
            + refunds);
    if (!s.createOrder()) {
      return;
    }
    List<Callable<Reply>> handoffs = new ArrayList<>();
    for (Target target : clicks) {
      handoffs.add(() -> s.merchant().appHandoff(target, s.orderNo, false));
    }
    List<Reply> answers = s.together(handoffs);
    s.note("app hand-off x" + clickCount + ": " + RefundFlow.briefs(answers));
    String orderString =
        answers.stream().map(Merchant::orderString).filter(o -> o != null).findFirst().orElse(null);
    if (orderString == null) {
      Reply again =
          s.retrying(() -> s.merchant().appHandoff(s.actors().lb(), s.orderNo, false), 20);
      orderString = Merchant.orderString(again);
      if (orderString == null) {
        s.note("no order string: " + again.brief());
        return;
      }
    }
    String qrCode = null;
    if (switchToQr) {
      Reply qr = s.merchant().precreate(s.pick(), s.orderNo, false, null, null);
      s.note("switch to QR: " + qr.brief());
      qrCode = qr.status() == 200 ? qr.text("qrCode") : null;
    }
    List<Callable<Reply>> pays = new ArrayList<>();
    String toPay = orderString;
    if (payApp) {
      pays.add(() -> s.buyer().appPay(s.orderNo, toPay, s.buyerId()));
      if (doublePay) {
        pays.add(() -> s.buyer().appPay(s.orderNo, toPay, s.buyerId()));
      }
    }
    if (payQr && qrCode != null) {
      String code = qrCode;
      pays.add(() -> s.buyer().pay(s.orderNo, code, s.buyerId()));
    }
    if (!pays.isEmpty()) {
      s.note("buyer pays: " + RefundFlow.briefs(s.together(pays)));
    }
    QrFlows.settleAndRefund(s, refunds, Duration.ofSeconds(20));
  }
}
