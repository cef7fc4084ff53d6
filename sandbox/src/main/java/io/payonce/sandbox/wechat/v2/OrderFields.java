package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.wechat.WechatTime;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import java.util.LinkedHashMap;
import java.util.Map;

/** The order fields APIv2 answers carry, in WeChat's names (amounts in fen). */
final class OrderFields {

  private OrderFields() {}

  static Map<String, String> of(WechatOrder order) {
    Map<String, String> fields = new LinkedHashMap<>();
    boolean paid = order.paidAt() != null;
    if (paid) {
      fields.put("openid", order.openid());
      fields.put("is_subscribe", "N");
    }
    fields.put("trade_type", order.tradeType().name());
    if (paid) {
      fields.put("bank_type", "OTHERS");
    }
    fields.put("total_fee", Long.toString(order.terms().total()));
    fields.put("fee_type", order.terms().currency());
    if (paid) {
      fields.put("cash_fee_type", order.terms().currency());
      fields.put("cash_fee", Long.toString(order.terms().total()));
      fields.put("transaction_id", order.transactionId());
    }
    fields.put("out_trade_no", order.outTradeNo());
    fields.put("attach", order.terms().attach());
    if (paid) {
      fields.put("time_end", WechatTime.compact(order.paidAt()));
    }
    return fields;
  }
}
