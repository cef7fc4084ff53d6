package io.payonce.sandbox.alipay.ledger;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A trade that exists at Alipay: created by a scan or a barcode pay. {@code autoPayAt} is when a
 * barcode buyer who had to confirm does so by themselves (null: only a wallet action pays it).
 */
public record Trade(
    String tradeNo,
    TradeStatus status,
    String buyerId,
    Instant createdAt,
    Instant paidAt,
    Instant closedAt,
    List<Refund> refunds,
    Instant autoPayAt) {

  public Trade {
    refunds = List.copyOf(refunds);
  }

  static Trade created(String tradeNo, String buyerId, Instant now, Instant autoPayAt) {
    return new Trade(
        tradeNo, TradeStatus.WAIT_BUYER_PAY, buyerId, now, null, null, List.of(), autoPayAt);
  }

  public BigDecimal refunded() {
    return refunds.stream().map(Refund::amount).reduce(BigDecimal.ZERO, BigDecimal::add);
  }

  public Optional<Refund> refund(String outRequestNo) {
    return refunds.stream().filter(r -> r.outRequestNo().equals(outRequestNo)).findFirst();
  }

  Trade paid(Instant now) {
    return new Trade(
        tradeNo, move(TradeStatus.TRADE_SUCCESS), buyerId, createdAt, now, null, refunds, null);
  }

  Trade closed(Instant now) {
    return new Trade(
        tradeNo, move(TradeStatus.TRADE_CLOSED), buyerId, createdAt, paidAt, now, refunds, null);
  }

  /** Adds a refund; the one that brings the refunded sum to the total closes the trade. */
  Trade refunded(Refund refund, BigDecimal totalAmount) {
    List<Refund> all = new ArrayList<>(refunds);
    all.add(refund);
    Trade withRefund =
        new Trade(tradeNo, status, buyerId, createdAt, paidAt, closedAt, all, autoPayAt);
    return withRefund.refunded().compareTo(totalAmount) == 0
        ? withRefund.closed(refund.refundedAt())
        : withRefund;
  }

  private TradeStatus move(TradeStatus next) {
    if (!status.canMoveTo(next)) {
      throw new TradeRefused(Refusal.TRADE_STATUS_ERROR);
    }
    return next;
  }
}
