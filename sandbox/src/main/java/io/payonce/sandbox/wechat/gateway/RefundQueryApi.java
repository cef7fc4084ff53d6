package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.wechat.WechatJson;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import org.springframework.stereotype.Component;

/** {@code GET /v3/refund/domestic/refunds/{out_refund_no}}: unknown is 404 RESOURCE_NOT_EXISTS. */
@Component
class RefundQueryApi extends V3Api {

  private final WechatLedger ledger;

  RefundQueryApi(WechatLedger ledger) {
    super("wechat.refund.query", "GET", "/v3/refund/domestic/refunds/([^/]+)");
    this.ledger = ledger;
  }

  @Override
  String outTradeNo(V3Call call) {
    return ledger
        .findRefund(call.merchant().mchid(), call.pathValues().get(0))
        .map(refunded -> refunded.order().outTradeNo())
        .orElse(null);
  }

  @Override
  V3Reply handle(V3Call call) {
    return ledger
        .findRefund(call.merchant().mchid(), call.pathValues().get(0))
        .map(r -> V3Reply.ok(WechatJson.refund(r.order(), r.refund())))
        .orElseThrow(() -> new WechatRefused(Refusal.RESOURCE_NOT_EXISTS, "退款单不存在"));
  }
}
