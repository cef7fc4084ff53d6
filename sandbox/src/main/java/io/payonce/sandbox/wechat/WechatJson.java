package io.payonce.sandbox.wechat;

import io.payonce.sandbox.wechat.ledger.RefundStatus;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefund;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An order as APIv3 shows it ({@code Transaction}) and a refund ({@code Refund}, {@code
 * RefundNotification}), in WeChat's names: the one read side of queries and notifies.
 */
public final class WechatJson {

  private WechatJson() {}

  public static Map<String, Object> transaction(WechatOrder order) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("appid", order.appid());
    json.put("mchid", order.mchid());
    json.put("out_trade_no", order.outTradeNo());
    putIfPresent(json, "transaction_id", order.transactionId());
    json.put("trade_type", order.tradeType().name());
    json.put("trade_state", order.state().name());
    json.put("trade_state_desc", order.state().description());
    boolean paid = order.paidAt() != null;
    if (paid) {
      json.put("bank_type", "OTHERS");
    }
    putIfPresent(json, "attach", order.terms().attach());
    if (paid) {
      json.put("success_time", WechatTime.rfc3339(order.paidAt()));
      json.put("payer", Map.of("openid", order.openid()));
    }
    Map<String, Object> amount = new LinkedHashMap<>();
    amount.put("total", order.terms().total());
    if (paid) {
      amount.put("payer_total", order.terms().total());
    }
    amount.put("currency", order.terms().currency());
    amount.put("payer_currency", order.terms().currency());
    json.put("amount", amount);
    return json;
  }

  public static Map<String, Object> refund(WechatOrder order, WechatRefund refund) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("refund_id", refund.refundId());
    json.put("out_refund_no", refund.outRefundNo());
    json.put("transaction_id", order.transactionId());
    json.put("out_trade_no", order.outTradeNo());
    json.put("channel", "ORIGINAL");
    json.put("user_received_account", "支付用户零钱");
    if (refund.status() == RefundStatus.SUCCESS) {
      json.put("success_time", WechatTime.rfc3339(refund.settledAt()));
    }
    json.put("create_time", WechatTime.rfc3339(refund.createdAt()));
    json.put("status", refund.status().name());
    json.put("funds_account", "AVAILABLE");
    json.put("amount", refundAmount(order, refund));
    json.put("promotion_detail", List.of());
    return json;
  }

  static Map<String, Object> refundAmount(WechatOrder order, WechatRefund refund) {
    Map<String, Object> amount = new LinkedHashMap<>();
    amount.put("total", order.terms().total());
    amount.put("refund", refund.amount());
    amount.put("from", List.of());
    amount.put("payer_total", order.terms().total());
    amount.put("payer_refund", refund.amount());
    amount.put("settlement_refund", refund.amount());
    amount.put("settlement_total", order.terms().total());
    amount.put("discount_refund", 0);
    amount.put("currency", order.terms().currency());
    amount.put("refund_fee", 0);
    return amount;
  }

  /** The plaintext of a refund notify ({@code RefundNotification}). */
  public static Map<String, Object> refundNotification(WechatOrder order, WechatRefund refund) {
    Map<String, Object> json = new LinkedHashMap<>();
    json.put("mchid", order.mchid());
    json.put("out_trade_no", order.outTradeNo());
    json.put("transaction_id", order.transactionId());
    json.put("out_refund_no", refund.outRefundNo());
    json.put("refund_id", refund.refundId());
    json.put("refund_status", refund.status().name());
    if (refund.status() == RefundStatus.SUCCESS) {
      json.put("success_time", rfc3339(refund.settledAt()));
    }
    json.put("user_received_account", "支付用户零钱");
    Map<String, Object> amount = new LinkedHashMap<>();
    amount.put("total", order.terms().total());
    amount.put("refund", refund.amount());
    amount.put("payer_total", order.terms().total());
    amount.put("payer_refund", refund.amount());
    json.put("amount", amount);
    return json;
  }

  private static String rfc3339(java.time.Instant instant) {
    return WechatTime.rfc3339(instant);
  }

  private static void putIfPresent(Map<String, Object> json, String name, Object value) {
    if (value != null) {
      json.put(name, value);
    }
  }
}
