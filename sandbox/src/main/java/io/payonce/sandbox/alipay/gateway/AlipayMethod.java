package io.payonce.sandbox.alipay.gateway;

/** One OpenAPI method. Refusals are thrown as TradeRefused and become signed 40004 replies. */
abstract class AlipayMethod {

  private final String name;

  /**
   * @param name the {@code method} param, e.g. {@code alipay.trade.precreate}
   */
  AlipayMethod(String name) {
    this.name = name;
  }

  final String name() {
    return name;
  }

  abstract AlipayReply handle(GatewayCall call);
}
