package io.payonce.chaos.workload;

import io.payonce.chaos.cluster.SandboxClient;
import io.payonce.chaos.http.Reply;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import tools.jackson.databind.JsonNode;

/** The buyer's phone: the sandbox wallet scanning and paying codes, confirming barcode payments. */
public final class Buyer {

  private final SandboxClient sandbox;
  private final Exchanges exchanges;
  private final LongSupplier clockMs;

  public Buyer(SandboxClient sandbox, Exchanges exchanges, LongSupplier clockMs) {
    this.sandbox = sandbox;
    this.exchanges = exchanges;
    this.clockMs = clockMs;
  }

  public Reply scan(String orderNo, String qrCode, String buyerId) {
    return recorded("wallet.scan", orderNo, () -> sandbox.scan(qrCode, buyerId));
  }

  public Reply pay(String orderNo, String qrCode, String buyerId) {
    return recorded("wallet.pay", orderNo, () -> sandbox.pay(qrCode, buyerId));
  }

  public Reply appPay(String orderNo, String orderString, String buyerId) {
    return recorded("app.pay", orderNo, () -> sandbox.appPay(orderString, buyerId));
  }

  /**
   * The buyer pays what a hand-off through {@code product} gave ({@link Product#payable}): scans
   * the code, has the channel's app take the order string or parameters, or pays on the page.
   */
  Reply pay(Product product, String orderNo, Object payable, String buyerId, String openid) {
    return switch (product) {
      case ALIPAY_QR, WECHAT_QR -> pay(orderNo, (String) payable, buyerId);
      case ALIPAY_APP -> appPay(orderNo, (String) payable, buyerId);
      case ALIPAY_WEB, ALIPAY_WAP ->
          recorded("page.pay", orderNo, () -> sandbox.alipayPagePay((String) payable, buyerId));
      case WECHAT_JSAPI, WECHAT_MINI_PROGRAM ->
          recorded("bridge.pay", orderNo, () -> sandbox.bridgePay((JsonNode) payable, openid));
      case WECHAT_APP ->
          recorded(
              "wechat-app.pay", orderNo, () -> sandbox.wechatAppPay((JsonNode) payable, openid));
      case WECHAT_H5 -> recorded("h5.pay", orderNo, () -> sandbox.h5Pay((String) payable, openid));
    };
  }

  /** The buyer opens a page hand-off's URL (and only looks): an Alipay cashier page, an h5_url. */
  Reply open(String orderNo, String url) {
    return recorded("page.open", orderNo, () -> sandbox.open(url));
  }

  public Reply confirm(String orderNo, String outTradeNo) {
    return recorded("wallet.confirm", orderNo, () -> sandbox.confirm(outTradeNo));
  }

  private Reply recorded(String op, String orderNo, Supplier<Reply> call) {
    long at = clockMs.getAsLong();
    Reply reply = call.get();
    exchanges.add(
        new Exchange(
            at,
            clockMs.getAsLong() - at,
            op,
            "sandbox",
            orderNo,
            null,
            null,
            reply.status(),
            null,
            false,
            false,
            reply.status() == -1 ? reply.error() : reply.problem()));
    return reply;
  }
}
