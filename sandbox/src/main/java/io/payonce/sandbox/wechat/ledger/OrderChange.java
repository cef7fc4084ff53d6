package io.payonce.sandbox.wechat.ledger;

/**
 * Something happened to an order. {@code trigger} is what did it (e.g. {@code wechat.wallet.pay},
 * {@code wechat.refund}); {@code refund} is set for the refund kinds.
 */
public record OrderChange(WechatOrder order, Kind kind, String trigger, WechatRefund refund) {

  /** What happened. */
  public enum Kind {
    /** The buyer paid. */
    PAID,
    /** The order was closed unpaid. */
    CLOSED,
    /** The payment failed at the bank. */
    PAY_FAILED,
    /** The payment-code order was reversed. */
    REVERSED,
    /** A refund was accepted (PROCESSING). */
    REFUND_ACCEPTED,
    /** A refund reached its final status (SUCCESS, ABNORMAL or CLOSED). */
    REFUND_SETTLED
  }
}
