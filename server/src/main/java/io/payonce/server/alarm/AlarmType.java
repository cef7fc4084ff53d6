package io.payonce.server.alarm;

/** What went wrong, as operators filter and count it. */
public enum AlarmType {
  /** A notification whose signature does not verify with the channel's key: forged or corrupted. */
  BAD_SIGNATURE,
  /** A verified notification for an app or seller that is not ours. */
  APP_ID_MISMATCH,
  /** A verified notification that is missing fields or carries values we cannot read. */
  MALFORMED_NOTIFY,
  /** A channel result for an out_trade_no we never issued. */
  UNKNOWN_PAYMENT,
  /** The channel reports a paid amount different from the payment's: nothing was applied. */
  AMOUNT_MISMATCH,
  /** Money was taken for a payment we had closed or failed; recorded as SUCCESS all the same. */
  PAID_AFTER_CLOSE,
  /** An order was paid through more than one payment: the extra one must be refunded. */
  DUPLICATE_PAYMENT,
  /** The channel answered something our records cannot explain (e.g. a trade paid for a new QR). */
  CHANNEL_INCONSISTENT,
  /** We recorded a success that the channel's bill of the day does not have (reconciliation). */
  LOCAL_ONLY_SUCCESS,
  /**
   * A merchant webhook failed through its whole retry schedule: parked until an operator resends.
   */
  WEBHOOK_PARKED,
  /**
   * A payment stayed in flight (its outcome unknown, or its reversal unanswered) past the time its
   * channel can keep it there: the order is blocked until someone looks.
   */
  PAYMENT_STUCK,
  /**
   * The payment janitor is behind: a payment has waited longer than {@code
   * payonce.janitor.backlog-alarm-after} for the janitor to ask the channel about it.
   */
  JANITOR_BACKLOG
}
