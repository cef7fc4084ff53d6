package io.payonce.server.apidoc.web;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One consistent story for the webhooks' examples: order order-1001 (id 42, 12.34 CNY) paid by
 * payment P20260401000000000001 (id 7) on Alipay, then refunded. Each event type's {@code data} as
 * the outbox writes it; the contract test validates each example against its type's schema.
 */
final class WebhookExamples {

  /** The channel the examples are paid through: the first one PayOnce speaks. */
  private static final String EXAMPLE_CHANNEL =
      io.payonce.server.channel.Channel.values()[0].name();

  static final long ORDER_ID = 42;
  static final long PAY_ID = 7;
  private static final String ORDER_NO = "order-1001";
  private static final String OUT_TRADE_NO = "P20260401000000000001";

  private WebhookExamples() {}

  static Map<String, Object> data(String type) {
    return switch (type) {
      case "OrderPaid" -> order("PAID", true);
      case "OrderClosed" -> order("CLOSED", false);
      case "OrderPartiallyRefunded" -> refunded("PARTIALLY_REFUNDED", "refund_1001_1", "6.17");
      case "OrderRefunded" -> refunded("REFUNDED", "refund_1001_2", "12.34");
      case "PaymentSucceeded" ->
          payment("PAYING", "SUCCESS", "NOTIFY", "2026040122001400000000000001");
      case "PaymentFailed" -> payment("PAYING", "FAIL", "QUERY", null);
      case "PaymentClosed" -> payment("PRECREATED", "CLOSED", "CLOSE", null);
      case "RefundSucceeded" -> refundSucceeded();
      case "DuplicatePaymentDetected" -> duplicate();
      default -> throw new IllegalArgumentException("no example for " + type);
    };
  }

  private static Map<String, Object> order(String status, boolean paid) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("orderId", ORDER_ID);
    data.put("orderNo", ORDER_NO);
    data.put("userId", "user-7");
    data.put("amount", "12.34");
    data.put("currency", "CNY");
    data.put("status", status);
    if (paid) {
      data.put("outTradeNo", OUT_TRADE_NO);
    }
    return data;
  }

  private static Map<String, Object> refunded(String status, String outRequestNo, String total) {
    Map<String, Object> data = order(status, true);
    data.put("outRequestNo", outRequestNo);
    data.put("refundedAmount", total);
    return data;
  }

  private static Map<String, Object> payment(
      String from, String status, String source, String tradeNo) {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("payId", PAY_ID);
    data.put("orderId", ORDER_ID);
    data.put("channel", EXAMPLE_CHANNEL);
    data.put("outTradeNo", OUT_TRADE_NO);
    data.put("tradeNo", tradeNo);
    data.put("amount", "12.34");
    data.put("currency", "CNY");
    data.put("from", from);
    data.put("status", status);
    data.put("source", source);
    return data;
  }

  private static Map<String, Object> refundSucceeded() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("refundId", 3);
    data.put("payId", PAY_ID);
    data.put("orderId", ORDER_ID);
    data.put("outTradeNo", OUT_TRADE_NO);
    data.put("outRequestNo", "refund_1001_1");
    data.put("amount", "6.17");
    data.put("currency", "CNY");
    data.put("kind", "MERCHANT");
    data.put("channel", EXAMPLE_CHANNEL);
    return data;
  }

  private static Map<String, Object> duplicate() {
    Map<String, Object> data = new LinkedHashMap<>();
    data.put("payId", 8);
    data.put("orderId", ORDER_ID);
    data.put("outTradeNo", "P20260401000000000002");
    data.put("amount", "12.34");
    data.put("currency", "CNY");
    data.put("refundRequestNo", "DUP_P20260401000000000002");
    return data;
  }
}
