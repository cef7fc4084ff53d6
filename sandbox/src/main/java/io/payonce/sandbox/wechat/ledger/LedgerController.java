package io.payonce.sandbox.wechat.ledger;

import java.time.Instant;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /sandbox/wechat/orders?outTradeNo=}: the ledger rows, the ground truth of what buyers
 * paid. Without outTradeNo, a page of all rows ({@code page}, {@code size}; total in {@code
 * X-Total-Count}). Amounts are in fen.
 */
@RestController("wechatLedgerController")
class LedgerController {

  private final WechatLedger ledger;

  LedgerController(WechatLedger ledger) {
    this.ledger = ledger;
  }

  @GetMapping("/sandbox/wechat/orders")
  ResponseEntity<List<LedgerRow>> orders(
      @RequestParam(required = false) String outTradeNo,
      @RequestParam(defaultValue = "0") int page,
      @RequestParam(defaultValue = "100") int size) {
    if (page < 0 || size < 1 || size > 10_000) {
      throw new IllegalArgumentException("page must be >= 0 and size between 1 and 10000");
    }
    List<WechatOrder> orders =
        outTradeNo != null ? ledger.byOutTradeNo(outTradeNo) : ledger.page(page, size);
    int total = outTradeNo != null ? orders.size() : ledger.size();
    return ResponseEntity.ok()
        .header("X-Total-Count", Integer.toString(total))
        .body(orders.stream().map(LedgerRow::of).toList());
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
