package io.payonce.sandbox.wechat.notify;

import io.payonce.sandbox.wechat.V2Signature;
import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.WechatJson;
import io.payonce.sandbox.wechat.WechatMerchant;
import io.payonce.sandbox.wechat.WechatTime;
import io.payonce.sandbox.wechat.ledger.OrderChange;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefund;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;

/**
 * Which notifies an order change causes, and their content: a payment notifies TRANSACTION.SUCCESS
 * to the order's notify_url (Native) and the APIv2 XML notify to the v2 URL asked for; a settled
 * refund notifies REFUND.SUCCESS / ABNORMAL / CLOSED to its notify_url. Closes and reversals notify
 * nothing, as at WeChat.
 */
final class NotifyContents {

  private NotifyContents() {}

  static List<PendingNotify> of(
      OrderChange change, WechatMerchant merchant, Instant now, JsonMapper json) {
    WechatOrder order = change.order();
    List<PendingNotify> notifies = new ArrayList<>();
    switch (change.kind()) {
      case PAID -> {
        if (order.terms().notifyUrl() != null) {
          notifies.add(
              v3(
                  order,
                  change.trigger(),
                  order.terms().notifyUrl(),
                  "TRANSACTION.SUCCESS",
                  "支付成功",
                  "transaction",
                  json.writeValueAsString(WechatJson.transaction(order)),
                  now));
        }
        String v2Url = order.v2NotifyUrl() != null ? order.v2NotifyUrl() : merchant.v2NotifyUrl();
        if (v2Url != null && merchant.v2Key() != null) {
          notifies.add(v2(order, change.trigger(), v2Url));
        }
      }
      case REFUND_SETTLED -> {
        WechatRefund refund = change.refund();
        if (refund.notifyUrl() != null) {
          notifies.add(
              v3(
                  order,
                  change.trigger(),
                  refund.notifyUrl(),
                  "REFUND." + refund.status().name(),
                  refundSummary(refund),
                  "refund",
                  json.writeValueAsString(WechatJson.refundNotification(order, refund)),
                  now));
        }
      }
      default -> {}
    }
    return notifies;
  }

  private static PendingNotify v3(
      WechatOrder order,
      String trigger,
      String url,
      String eventType,
      String summary,
      String originalType,
      String plaintext,
      Instant now) {
    return new PendingNotify(
        UUID.randomUUID().toString(),
        PendingNotify.Kind.V3,
        order.mchid(),
        order.outTradeNo(),
        url,
        trigger,
        eventType,
        summary,
        originalType,
        WechatTime.rfc3339(now),
        plaintext,
        null,
        0,
        Instant.now());
  }

  /** The fields of the APIv2 payment notify, only those WxJava's notify class models. */
  private static PendingNotify v2(WechatOrder order, String trigger, String url) {
    Map<String, String> fields = new LinkedHashMap<>();
    fields.put("return_code", "SUCCESS");
    fields.put("return_msg", "OK");
    fields.put("appid", order.appid());
    fields.put("mch_id", order.mchid());
    fields.put("nonce_str", WechatIds.nonce(32));
    fields.put("sign_type", order.signType() == null ? V2Signature.MD5 : order.signType());
    fields.put("result_code", "SUCCESS");
    fields.put("openid", order.openid());
    fields.put("is_subscribe", "N");
    fields.put("trade_type", order.tradeType().name());
    fields.put("bank_type", "OTHERS");
    fields.put("total_fee", Long.toString(order.terms().total()));
    fields.put("fee_type", order.terms().currency());
    fields.put("cash_fee", Long.toString(order.terms().total()));
    fields.put("transaction_id", order.transactionId());
    fields.put("out_trade_no", order.outTradeNo());
    fields.put("attach", order.terms().attach());
    fields.put("time_end", WechatTime.compact(order.paidAt()));
    fields.values().removeIf(value -> value == null);
    return new PendingNotify(
        UUID.randomUUID().toString(),
        PendingNotify.Kind.V2,
        order.mchid(),
        order.outTradeNo(),
        url,
        trigger,
        order.tradeType().name(),
        "支付成功",
        null,
        null,
        null,
        Map.copyOf(fields),
        0,
        Instant.now());
  }

  private static String refundSummary(WechatRefund refund) {
    return switch (refund.status()) {
      case SUCCESS -> "退款成功";
      case ABNORMAL -> "退款异常";
      case CLOSED -> "退款关闭";
      case PROCESSING -> "退款处理中";
    };
  }
}
