package io.payonce.server.payment;

/**
 * What applying a channel result did.
 *
 * @param current the payment's status afterwards (null for an unknown payment)
 */
public record ApplyResult(Kind kind, PaymentStatus current) {

  /** The possible results. */
  public enum Kind {
    /** This call moved the payment. */
    APPLIED,
    /** The same fact was applied before (dedup hit): nothing done, nothing to do. */
    DUPLICATE,
    /** The payment already reflects the result, or the result moves nothing (e.g. not found). */
    NO_CHANGE,
    /** No payment has this out_trade_no; an alarm was raised. */
    UNKNOWN_PAYMENT,
    /** The channel's amount differs from the payment's; an alarm was raised, nothing applied. */
    AMOUNT_MISMATCH,
    /**
     * The notify came through another channel configuration than the payment was made under; an
     * alarm was raised, nothing applied.
     */
    CONFIG_MISMATCH
  }

  /** Whether the channel should be told the result was taken (no retry needed). */
  public boolean accepted() {
    return kind == Kind.APPLIED || kind == Kind.DUPLICATE || kind == Kind.NO_CHANGE;
  }
}
