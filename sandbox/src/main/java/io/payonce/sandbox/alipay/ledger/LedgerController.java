package io.payonce.sandbox.alipay.ledger;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.ledger.LedgerListing;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /sandbox/alipay/trades?outTradeNo=}: the ledger rows, the ground truth of what buyers
 * paid (for pages, see {@link LedgerListing}). Amounts in yuan.
 */
@RestController
@RequestMapping("/sandbox/alipay/trades")
class LedgerController extends LedgerListing<AlipayOrder, LedgerController.LedgerRow> {

  LedgerController(AlipayLedger ledger) {
    super(ledger, LedgerRow::of);
  }

  record LedgerRow(
      String appId,
      String outTradeNo,
      String tradeNo,
      String status,
      String totalAmount,
      String refundedAmount,
      String subject,
      String buyerId,
      String qrCode,
      Instant precreatedAt,
      Instant createdAt,
      Instant paidAt,
      Instant closedAt,
      List<RefundRow> refunds) {

    static LedgerRow of(AlipayOrder order) {
      Trade trade = order.trade();
      return new LedgerRow(
          order.appId(),
          order.outTradeNo(),
          trade == null ? null : trade.tradeNo(),
          order.status(),
          AlipayIds.money(order.terms().totalAmount()),
          trade == null ? "0.00" : AlipayIds.money(trade.refunded()),
          order.terms().subject(),
          trade == null ? null : trade.buyerId(),
          order.qrCode(),
          order.precreatedAt(),
          trade == null ? null : trade.createdAt(),
          trade == null ? null : trade.paidAt(),
          trade == null ? null : trade.closedAt(),
          trade == null ? List.of() : trade.refunds().stream().map(RefundRow::of).toList());
    }
  }

  record RefundRow(String outRequestNo, String amount, Instant refundedAt) {
    static RefundRow of(Refund refund) {
      return new RefundRow(
          refund.outRequestNo(), AlipayIds.money(refund.amount()), refund.refundedAt());
    }
  }
}
