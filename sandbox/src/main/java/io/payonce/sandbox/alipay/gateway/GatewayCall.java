package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipayApp;
import io.payonce.sandbox.alipay.ledger.OrderTerms;
import io.payonce.sandbox.alipay.ledger.Refusal;
import io.payonce.sandbox.alipay.ledger.TradeRefused;

/**
 * A verified gateway call, ready for its method's handler.
 *
 * @param returnUrl the signed return_url of a cashier-page request; null otherwise
 */
record GatewayCall(
    String method,
    AlipayApp app,
    String notifyUrl,
    String returnUrl,
    BizContent biz,
    String baseUrl) {

  String outTradeNo() {
    return biz.text("out_trade_no");
  }

  /** The key fields of a new order (precreate or barcode pay), checked. */
  OrderTerms orderTerms() {
    String sellerId = biz.text("seller_id");
    if (sellerId != null && !sellerId.equals(app.sellerId())) {
      throw new TradeRefused(Refusal.PARTNER_ERROR);
    }
    return new OrderTerms(
        biz.required("subject"),
        biz.text("body"),
        biz.amount("total_amount"),
        notifyUrl,
        biz.text("store_id"));
  }
}
