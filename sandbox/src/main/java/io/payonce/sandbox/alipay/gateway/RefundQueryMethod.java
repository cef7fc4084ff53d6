package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.Refund;
import io.payonce.sandbox.alipay.ledger.Refusal;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import io.payonce.sandbox.ledger.OrderRef;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * {@code alipay.trade.fastpay.refund.query}: REFUND_SUCCESS for a known refund; for an unknown
 * out_request_no on an existing trade, 10000 without refund_status ("not received or failed").
 */
@Component
class RefundQueryMethod extends AlipayMethod {

  private final AlipayLedger ledger;

  RefundQueryMethod(AlipayLedger ledger) {
    super("alipay.trade.fastpay.refund.query");
    this.ledger = ledger;
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    BizContent biz = call.biz();
    OrderRef ref = TradeFields.ref(biz);
    String outRequestNo =
        biz.text("out_request_no") != null
            ? biz.outNo("out_request_no")
            : RefundMethod.defaultRequestNo(ref);
    AlipayOrder order =
        ledger
            .find(call.app().appId(), ref)
            .filter(o -> o.trade() != null)
            .orElseThrow(() -> new TradeRefused(Refusal.TRADE_NOT_EXIST));
    Map<String, Object> fields = TradeFields.ids(order);
    fields.put("out_request_no", outRequestNo);
    Optional<Refund> refund = order.trade().refund(outRequestNo);
    if (refund.isPresent()) {
      fields.put("total_amount", AlipayIds.money(order.terms().totalAmount()));
      fields.put("refund_amount", AlipayIds.money(refund.get().amount()));
      fields.put("send_back_fee", AlipayIds.money(refund.get().amount()));
      fields.put("refund_status", "REFUND_SUCCESS");
      if (biz.strings("query_options").contains("gmt_refund_pay")) {
        fields.put("gmt_refund_pay", TradeFields.time(refund.get().refundedAt()));
      }
    }
    return AlipayReply.success(fields);
  }
}
