package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.Refusal;
import io.payonce.sandbox.alipay.ledger.Trade;
import io.payonce.sandbox.ledger.OrderRef;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * {@code alipay.trade.query}. Before the scan there is no trade: ACQ.TRADE_NOT_EXIST, still with
 * the out_trade_no and zero amounts, as Alipay answers.
 */
@Component
class QueryMethod extends AlipayMethod {

  private final AlipayLedger ledger;

  QueryMethod(AlipayLedger ledger) {
    super("alipay.trade.query");
    this.ledger = ledger;
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    OrderRef ref = TradeFields.ref(call.biz());
    Optional<AlipayOrder> found = ledger.find(call.app().appId(), ref);
    if (found.isEmpty() || found.get().trade() == null) {
      Map<String, Object> fields = new LinkedHashMap<>();
      fields.put("out_trade_no", ref.outTradeNo());
      fields.put("buyer_pay_amount", "0.00");
      fields.put("invoice_amount", "0.00");
      fields.put("point_amount", "0.00");
      fields.put("receipt_amount", "0.00");
      return AlipayReply.refused(Refusal.TRADE_NOT_EXIST, Refusal.TRADE_NOT_EXIST.subMsg(), fields);
    }
    AlipayOrder order = found.get();
    Trade trade = order.trade();
    Map<String, Object> fields = TradeFields.ids(order);
    fields.putAll(TradeFields.buyer(trade));
    fields.put("buyer_user_type", "PRIVATE");
    fields.put("trade_status", trade.status().name());
    fields.putAll(TradeFields.amounts(order));
    fields.put("send_pay_date", TradeFields.time(trade.paidAt()));
    fields.put("subject", order.terms().subject());
    fields.put("body", order.terms().body());
    fields.put("store_id", order.terms().storeId());
    return AlipayReply.success(fields);
  }
}
