package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.ledger.OrderRef;
import io.payonce.sandbox.wechat.WechatJson;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import org.springframework.stereotype.Component;

/**
 * {@code GET /v3/pay/transactions/id/{transaction_id}?mchid=}: a transaction_id exists once the
 * order is paid, so an unpaid order can only be queried by out_trade_no.
 */
@Component
class QueryByIdApi extends V3Api {

  private final WechatLedger ledger;

  QueryByIdApi(WechatLedger ledger) {
    super("wechat.query", "GET", "/v3/pay/transactions/id/([^/]+)");
    this.ledger = ledger;
  }

  @Override
  String outTradeNo(V3Call call) {
    return ledger
        .find(call.merchant().mchid(), OrderRef.byTradeNo(call.pathValues().get(0)))
        .map(order -> order.outTradeNo())
        .orElse(null);
  }

  @Override
  V3Reply handle(V3Call call) {
    call.requireMchidQuery();
    return ledger
        .find(call.merchant().mchid(), OrderRef.byTradeNo(call.pathValues().get(0)))
        .map(order -> V3Reply.ok(WechatJson.transaction(order)))
        .orElseThrow(() -> new WechatRefused(Refusal.ORDER_NOT_EXIST));
  }
}
