package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.ledger.OrderRef;
import io.payonce.sandbox.wechat.WechatJson;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import org.springframework.stereotype.Component;

/** {@code GET /v3/pay/transactions/out-trade-no/{out_trade_no}?mchid=}: any order, paid or not. */
@Component
class QueryByOutTradeNoApi extends V3Api {

  private final WechatLedger ledger;

  QueryByOutTradeNoApi(WechatLedger ledger) {
    super("wechat.query", "GET", "/v3/pay/transactions/out-trade-no/([^/]+)");
    this.ledger = ledger;
  }

  @Override
  String outTradeNo(V3Call call) {
    return call.pathValues().get(0);
  }

  @Override
  V3Reply handle(V3Call call) {
    call.requireMchidQuery();
    return ledger
        .find(call.merchant().mchid(), OrderRef.byOutTradeNo(outTradeNo(call)))
        .map(order -> V3Reply.ok(WechatJson.transaction(order)))
        .orElseThrow(() -> new WechatRefused(Refusal.ORDER_NOT_EXIST));
  }
}
