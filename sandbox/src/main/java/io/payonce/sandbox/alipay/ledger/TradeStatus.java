package io.payonce.sandbox.alipay.ledger;

/** Alipay's trade_status values, with the moves Alipay allows between them. */
public enum TradeStatus {
  /** Created (scanned, or barcode awaiting confirmation) and not paid yet. */
  WAIT_BUYER_PAY,
  /** Paid; refundable. */
  TRADE_SUCCESS,
  /** Closed unpaid, or refunded in full. */
  TRADE_CLOSED,
  /** Paid and no longer refundable. */
  TRADE_FINISHED;

  public boolean canMoveTo(TradeStatus next) {
    return switch (this) {
      case WAIT_BUYER_PAY -> next == TRADE_SUCCESS || next == TRADE_CLOSED;
      case TRADE_SUCCESS -> next == TRADE_CLOSED || next == TRADE_FINISHED;
      case TRADE_CLOSED, TRADE_FINISHED -> false;
    };
  }

  public boolean paid() {
    return this == TRADE_SUCCESS || this == TRADE_FINISHED;
  }
}
