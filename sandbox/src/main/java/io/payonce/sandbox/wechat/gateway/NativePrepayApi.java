package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code POST /v3/pay/transactions/native}: the order exists from here on (NOTPAY) and the answer
 * is its code_url. Repeating it with the same parameters answers the same code_url (a new one once
 * the 2 h life is over); other parameters are OUT_TRADE_NO_USED; paid, ORDERPAID; closed,
 * ORDER_CLOSED.
 */
@Component
class NativePrepayApi extends PrepayApi {

  private final WechatLedger ledger;

  NativePrepayApi(WechatLedger ledger, Chaos chaos) {
    super("wechat.native.prepay", "/v3/pay/transactions/native", chaos, false);
    this.ledger = ledger;
  }

  @Override
  V3Reply handle(V3Call call) {
    WechatLedger.Prepay prepay = prepay(call);
    WechatOrder order = ledger.prepay(prepay, differentDeal(prepay.outTradeNo()));
    return V3Reply.ok(Map.of("code_url", order.codeUrl()));
  }
}
