package io.payonce.sandbox.alipay.notify;

import static io.payonce.sandbox.alipay.AlipayIds.money;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.Trade;
import io.payonce.sandbox.alipay.ledger.TradeChange;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/** The fields of a trade_status_sync notify (reference §2.1) and their V1 signature content. */
final class NotifyParams {

  private NotifyParams() {}

  static Map<String, String> of(TradeChange change, String notifyId) {
    AlipayOrder order = change.order();
    Trade trade = order.trade();
    boolean paid = trade.paidAt() != null;
    String total = money(order.terms().totalAmount());
    Map<String, String> params = new LinkedHashMap<>();
    params.put("notify_type", "trade_status_sync");
    params.put("notify_id", notifyId);
    params.put("app_id", order.appId());
    params.put("auth_app_id", order.appId());
    params.put("charset", "utf-8");
    params.put("version", "1.0");
    params.put("trade_no", trade.tradeNo());
    params.put("out_trade_no", order.outTradeNo());
    params.put("buyer_id", trade.buyerId());
    params.put("buyer_logon_id", AlipayIds.buyerLogonId(trade.buyerId()));
    params.put("seller_id", order.sellerId());
    params.put("trade_status", trade.status().name());
    params.put("total_amount", total);
    if (paid) {
      params.put("receipt_amount", total);
      params.put("invoice_amount", total);
      params.put("buyer_pay_amount", total);
      params.put("point_amount", "0.00");
      params.put(
          "fund_bill_list", "[{\"amount\":\"" + total + "\",\"fundChannel\":\"ALIPAYACCOUNT\"}]");
    }
    params.put("subject", order.terms().subject());
    params.put("body", order.terms().body());
    params.put("gmt_create", AlipayTime.format(trade.createdAt()));
    params.put("gmt_payment", AlipayTime.format(trade.paidAt()));
    params.put("gmt_close", AlipayTime.format(trade.closedAt()));
    if (change.refund() != null) {
      params.put("out_biz_no", change.refund().outRequestNo());
      params.put("refund_fee", money(trade.refunded()));
      params.put("gmt_refund", AlipayTime.formatMillis(change.refund().refundedAt()));
    }
    params.values().removeIf(value -> value == null || value.isEmpty());
    return params;
  }

  /** All params but sign and sign_type, sorted, empty values dropped, joined raw. */
  static String signatureContent(Map<String, String> params) {
    return new TreeMap<>(params)
        .entrySet().stream()
            .filter(e -> !e.getKey().equals("sign") && !e.getKey().equals("sign_type"))
            .filter(e -> e.getValue() != null && !e.getValue().isEmpty())
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("&"));
  }
}
