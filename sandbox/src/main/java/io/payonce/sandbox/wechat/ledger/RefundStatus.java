package io.payonce.sandbox.wechat.ledger;

/** A refund's status, with its moves: accepted refunds settle once, to one final status. */
public enum RefundStatus {
  /** Accepted, money not yet back with the buyer. */
  PROCESSING,
  /** The buyer has the money. */
  SUCCESS,
  /** Closed by WeChat: nothing was refunded, the amount is refundable again. */
  CLOSED,
  /** Failed at the buyer's side (e.g. a closed card); the money is held until the merchant acts. */
  ABNORMAL;

  public boolean canMoveTo(RefundStatus next) {
    return this == PROCESSING && next != PROCESSING;
  }

  /** Whether the refund takes its amount from what is still refundable. */
  public boolean holdsAmount() {
    return this != CLOSED;
  }
}
