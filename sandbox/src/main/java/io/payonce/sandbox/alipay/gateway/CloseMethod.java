package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import org.springframework.stereotype.Component;

/**
 * {@code alipay.trade.close}: only a WAIT_BUYER_PAY trade closes. Before the scan nothing exists,
 * so nothing is closed (ACQ.TRADE_NOT_EXIST) and the QR code stays payable.
 */
@Component
class CloseMethod extends AlipayMethod {

  private final AlipayLedger ledger;
  private final Chaos chaos;

  CloseMethod(AlipayLedger ledger, Chaos chaos) {
    super("alipay.trade.close");
    this.ledger = ledger;
    this.chaos = chaos;
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    boolean closedIsSuccess =
        "SUCCESS".equals(chaos.choice(ChaosKnob.CLOSE_ALREADY_CLOSED, name(), call.outTradeNo()));
    return AlipayReply.success(
        TradeFields.ids(
            ledger.close(call.app().appId(), TradeFields.ref(call.biz()), closedIsSuccess)));
  }
}
