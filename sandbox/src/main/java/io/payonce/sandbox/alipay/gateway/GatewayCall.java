package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipayApp;

/** A verified gateway call, ready for its method's handler. */
record GatewayCall(String method, AlipayApp app, String notifyUrl, BizContent biz, String baseUrl) {

  String outTradeNo() {
    return biz.text("out_trade_no");
  }
}
