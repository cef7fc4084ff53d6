package io.payonce.sandbox.alipay.gateway;

import static io.payonce.sandbox.alipay.AlipayIds.money;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.Trade;
import io.payonce.sandbox.ledger.OrderRef;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Response fields shared by the trade methods, in Alipay's names and formats. */
final class TradeFields {

  private TradeFields() {}

  /** trade_no wins over out_trade_no; one of them is required. */
  static OrderRef ref(BizContent biz) {
    String tradeNo = biz.text("trade_no");
    String outTradeNo = biz.text("out_trade_no");
    if (tradeNo == null && outTradeNo == null) {
      throw BizContent.invalid("out_trade_no 和 trade_no 不能同时为空");
    }
    return new OrderRef(outTradeNo, tradeNo);
  }

  static Map<String, Object> ids(AlipayOrder order) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("trade_no", order.trade() == null ? null : order.trade().tradeNo());
    fields.put("out_trade_no", order.outTradeNo());
    return fields;
  }

  static Map<String, Object> buyer(Trade trade) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("buyer_logon_id", AlipayIds.buyerLogonId(trade.buyerId()));
    fields.put("buyer_user_id", trade.buyerId());
    return fields;
  }

  /** The amount fields: what the buyer paid, or zeros while unpaid. */
  static Map<String, Object> amounts(AlipayOrder order) {
    Trade trade = order.trade();
    boolean paid = trade != null && trade.paidAt() != null;
    String total = money(order.terms().totalAmount());
    String received = paid ? total : "0.00";
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("total_amount", total);
    fields.put("receipt_amount", received);
    fields.put("buyer_pay_amount", received);
    fields.put("point_amount", "0.00");
    fields.put("invoice_amount", received);
    if (paid) {
      fields.put("fund_bill_list", fundBills(order.terms().totalAmount()));
    }
    return fields;
  }

  static List<Map<String, String>> fundBills(BigDecimal amount) {
    return List.of(
        Map.of(
            "fund_channel",
            "ALIPAYACCOUNT",
            "amount",
            money(amount),
            "real_amount",
            money(amount)));
  }

  static String time(java.time.Instant instant) {
    return AlipayTime.format(instant);
  }
}
