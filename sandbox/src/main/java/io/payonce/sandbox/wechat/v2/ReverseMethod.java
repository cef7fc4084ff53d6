package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.Reversal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatLedger.Reversed;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code POST /secapi/pay/reverse}: like Alipay's cancel, reverses whatever happened — an unpaid
 * payment-code order is closed (REVOKED), a paid one is refunded in full. {@code recall=N} says no
 * further call is needed; a repeat answers as the first did. Only orders placed within the last 7
 * days ({@code reverseWindowSeconds}) are reversed; past that, REVERSE_EXPIRE (a repeat too, with
 * {@code reverseRepeatAfterWindow=REFUSE}).
 *
 * <p>WeChat's answer has no field saying whether money went back. The sandbox adds two,
 * sandbox-only ([UNC], see README): {@code sandbox_reverse_action} ({@code close} or {@code
 * refund}) and {@code sandbox_refund_fee} (fen refunded by the reversal). Checkers must accept
 * added fields (WeChat's signature rules say so; WxJava does).
 */
@Component
class ReverseMethod extends V2Method {

  private final WechatLedger ledger;
  private final Chaos chaos;

  ReverseMethod(WechatLedger ledger, Chaos chaos) {
    super("wechat.reverse", "/secapi/pay/reverse");
    this.ledger = ledger;
    this.chaos = chaos;
  }

  @Override
  V2Reply handle(V2Call call) {
    String outTradeNo = call.text("out_trade_no");
    WechatLedger.ReversePolicy policy =
        new WechatLedger.ReversePolicy(
            "REVERSE".equals(chaos.choice(ChaosKnob.REVERSE_WHILE_USERPAYING, name(), outTradeNo)),
            "REFUND".equals(chaos.choice(ChaosKnob.REVERSED_PAID_STATE, name(), outTradeNo)),
            Duration.ofSeconds(chaos.number(ChaosKnob.REVERSE_WINDOW_SECONDS, name(), outTradeNo)),
            "REFUSE"
                .equals(chaos.choice(ChaosKnob.REVERSE_REPEAT_AFTER_WINDOW, name(), outTradeNo)));
    Reversed reversed = ledger.reverse(call.merchant().mchid(), call.ref(), policy);
    Reversal reversal = reversed.reversal();
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("recall", "N");
    fields.put("sandbox_reverse_action", reversal.action());
    fields.put("sandbox_refund_fee", Long.toString(reversal.refunded()));
    return V2Reply.success(fields);
  }

  /** USERPAYING and system errors ask for another reverse later (recall=Y); others do not. */
  @Override
  V2Reply refused(WechatRefused refused) {
    boolean again = refused.refusal() == Refusal.REVERSE_WHILE_USERPAYING;
    return V2Reply.refused(refused.refusal(), refused.getMessage())
        .with("recall", again ? "Y" : "N");
  }
}
