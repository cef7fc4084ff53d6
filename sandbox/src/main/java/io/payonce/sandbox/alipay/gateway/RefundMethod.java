package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayLedger.Refunded;
import io.payonce.sandbox.alipay.ledger.Refusal;
import io.payonce.sandbox.alipay.ledger.Trade;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.ledger.OrderRef;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code alipay.trade.refund}: idempotent on out_request_no (a repeat answers fund_change N), a
 * changed amount is ACQ.DISCORDANT_REPEAT_REQUEST, never more than paid, full refund closes.
 */
@Component
class RefundMethod extends AlipayMethod {

  private final AlipayLedger ledger;
  private final Chaos chaos;

  RefundMethod(AlipayLedger ledger, Chaos chaos) {
    super("alipay.trade.refund");
    this.ledger = ledger;
    this.chaos = chaos;
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    BizContent biz = call.biz();
    OrderRef ref = TradeFields.ref(biz);
    String outRequestNo =
        biz.text("out_request_no") != null ? biz.outNo("out_request_no") : defaultRequestNo(ref);
    if (refusedByChaos(call.app().appId(), ref, outRequestNo)) {
      throw new TradeRefused(Refusal.SELLER_BALANCE_NOT_ENOUGH);
    }
    Refunded refunded =
        ledger.refund(
            call.app().appId(),
            ref,
            outRequestNo,
            biz.amount("refund_amount"),
            biz.text("refund_reason"));
    Trade trade = refunded.order().trade();
    Map<String, Object> fields = TradeFields.ids(refunded.order());
    fields.putAll(TradeFields.buyer(trade));
    fields.put("fund_change", refunded.fundChange() ? "Y" : "N");
    fields.put("refund_fee", AlipayIds.money(trade.refunded()));
    fields.put("send_back_fee", AlipayIds.money(refunded.refund().amount()));
    fields.put("gmt_refund_pay", TradeFields.time(refunded.refund().refundedAt()));
    return AlipayReply.success(fields);
  }

  /** The merchant's balance cannot cover a new refund; one already made is answered as made. */
  private boolean refusedByChaos(String appId, OrderRef ref, String outRequestNo) {
    if (!chaos.roll(ChaosKnob.REFUND_REFUSAL_RATE, name(), ref.outTradeNo())) {
      return false;
    }
    return ledger
        .find(appId, ref)
        .map(order -> order.trade() == null || order.trade().refund(outRequestNo).isEmpty())
        .orElse(true);
  }

  /** Without out_request_no the refund is named after the trade, as Alipay does. */
  static String defaultRequestNo(OrderRef ref) {
    if (ref.outTradeNo() == null) {
      throw BizContent.invalid("缺少 out_request_no");
    }
    return ref.outTradeNo();
  }
}
