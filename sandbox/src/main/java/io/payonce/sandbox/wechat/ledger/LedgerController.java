package io.payonce.sandbox.wechat.ledger;

import io.payonce.sandbox.ledger.LedgerListing;
import java.time.Instant;
import java.util.List;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /sandbox/wechat/orders?outTradeNo=}: the ledger rows, the ground truth of what buyers
 * paid (for pages, see {@link LedgerListing}). Amounts are in fen.
 */
@RestController("wechatLedgerController")
@RequestMapping("/sandbox/wechat/orders")
class LedgerController extends LedgerListing<WechatOrder, LedgerController.LedgerRow> {

  LedgerController(WechatLedger ledger) {
    super(ledger, LedgerRow::of);
  }

  record LedgerRow(
      String mchid,
      String appid,
      String outTradeNo,
      String tradeType,
      String transactionId,
      String tradeState,
      long total,
      long refunded,
      long refundedSuccessfully,
      String description,
      String openid,
      String codeUrl,
      Instant createdAt,
      Instant paidAt,
      Instant closedAt,
      Instant timeExpire,
      Reversal reversal,
      List<RefundRow> refunds) {

    static LedgerRow of(WechatOrder order) {
      return new LedgerRow(
          order.mchid(),
          order.appid(),
          order.outTradeNo(),
          order.tradeType().name(),
          order.transactionId(),
          order.state().name(),
          order.terms().total(),
          order.refunded(),
          order.refundedSuccessfully(),
          order.terms().description(),
          order.openid(),
          order.codeUrl(),
          order.createdAt(),
          order.paidAt(),
          order.closedAt(),
          order.terms().timeExpire(),
          order.reversal(),
          order.refunds().stream().map(RefundRow::of).toList());
    }
  }

  record RefundRow(
      String outRefundNo,
      String refundId,
      long amount,
      String status,
      Instant createdAt,
      Instant settledAt) {
    static RefundRow of(WechatRefund refund) {
      return new RefundRow(
          refund.outRefundNo(),
          refund.refundId(),
          refund.amount(),
          refund.status().name(),
          refund.createdAt(),
          refund.settledAt());
    }
  }
}
