package io.payonce.sandbox.alipay.ledger;

import io.payonce.sandbox.alipay.AlipayIds;
import java.time.Instant;
import java.util.List;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /sandbox/alipay/trades?outTradeNo=}: the ledger rows, the ground truth of what buyers
 * paid. Without outTradeNo, a page of all rows ({@code page}, {@code size}; total in {@code
 * X-Total-Count}).
 */
@RestController
class LedgerController {

  private final AlipayLedger ledger;

  LedgerController(AlipayLedger ledger) {
    this.ledger = ledger;
  }

  @GetMapping("/sandbox/alipay/trades")
  ResponseEntity<List<LedgerRow>> trades(
      @RequestParam(required = false) String outTradeNo,
      @RequestParam(defaultValue = "0") int page,
      @RequestParam(defaultValue = "100") int size) {
    if (page < 0 || size < 1 || size > 10_000) {
      throw new IllegalArgumentException("page must be >= 0 and size between 1 and 10000");
    }
    List<AlipayOrder> orders =
        outTradeNo != null ? ledger.byOutTradeNo(outTradeNo) : ledger.page(page, size);
    int total = outTradeNo != null ? orders.size() : ledger.size();
    return ResponseEntity.ok()
        .header("X-Total-Count", Integer.toString(total))
        .body(orders.stream().map(LedgerRow::of).toList());
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
