package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayLedger.Cancelled;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.ledger.OrderRef;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code alipay.trade.cancel}: reverses whatever happened. Unpaid closes ({@code action=close}),
 * paid refunds in full within the cancel window ({@code action=refund}); no trade, no action.
 */
@Component
class CancelMethod extends AlipayMethod {

  private final AlipayLedger ledger;
  private final Chaos chaos;

  CancelMethod(AlipayLedger ledger, Chaos chaos) {
    super("alipay.trade.cancel");
    this.ledger = ledger;
    this.chaos = chaos;
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    OrderRef ref = TradeFields.ref(call.biz());
    Duration window =
        Duration.ofSeconds(
            chaos.number(ChaosKnob.CANCEL_WINDOW_SECONDS, name(), call.outTradeNo()));
    boolean refuseLateRepeat =
        "REFUSE"
            .equals(chaos.choice(ChaosKnob.CANCEL_REPEAT_AFTER_WINDOW, name(), call.outTradeNo()));
    Cancelled cancelled = ledger.cancel(call.app().appId(), ref, window, refuseLateRepeat);
    Map<String, Object> fields = new LinkedHashMap<>();
    if (cancelled.order() != null) {
      fields.putAll(TradeFields.ids(cancelled.order()));
    } else {
      fields.put("out_trade_no", ref.outTradeNo());
    }
    fields.put("retry_flag", "N");
    fields.put("action", cancelled.action());
    if (cancelled.refund() != null) {
      fields.put("gmt_refund_pay", TradeFields.time(cancelled.refund().refundedAt()));
    }
    return AlipayReply.success(fields);
  }
}
