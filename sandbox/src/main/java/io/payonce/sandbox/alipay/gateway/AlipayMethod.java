package io.payonce.sandbox.alipay.gateway;

/** One OpenAPI method. Refusals are thrown as TradeRefused and become signed 40004 replies. */
interface AlipayMethod {

  /** The {@code method} param, e.g. {@code alipay.trade.precreate}. */
  String name();

  AlipayReply handle(GatewayCall call);
}
