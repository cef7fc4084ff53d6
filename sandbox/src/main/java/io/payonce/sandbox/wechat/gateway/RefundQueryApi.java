package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.wechat.WechatJson;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/** {@code GET /v3/refund/domestic/refunds/{out_refund_no}}: unknown is 404 RESOURCE_NOT_EXISTS. */
@Component
class RefundQueryApi implements V3Api {

  private static final Pattern PATH = Pattern.compile("/v3/refund/domestic/refunds/([^/]+)");

  private final WechatLedger ledger;

  RefundQueryApi(WechatLedger ledger) {
    this.ledger = ledger;
  }

  @Override
  public String name() {
    return "wechat.refund.query";
  }

  @Override
  public String httpMethod() {
    return "GET";
  }

  @Override
  public Pattern path() {
    return PATH;
  }

  @Override
  public String outTradeNo(V3Call call) {
    return ledger
        .findRefund(call.merchant().mchid(), call.pathValues().get(0))
        .map(refunded -> refunded.order().outTradeNo())
        .orElse(null);
  }

  @Override
  public V3Reply handle(V3Call call) {
    return ledger
        .findRefund(call.merchant().mchid(), call.pathValues().get(0))
        .map(r -> V3Reply.ok(WechatJson.refund(r.order(), r.refund())))
        .orElseThrow(() -> new WechatRefused(Refusal.RESOURCE_NOT_EXISTS, "退款单不存在"));
  }
}
