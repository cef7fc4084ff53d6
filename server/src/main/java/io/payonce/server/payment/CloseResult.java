package io.payonce.server.payment;

/** What closing a payment established. */
public enum CloseResult {
  /** The channel closed the trade (or says it is closed): it can never be paid. */
  CLOSED,
  /**
   * Closed on our side; the channel had no trade yet (nobody scanned), so the code stays payable
   * until its expiry. The janitor watches it until then: a late payment is recorded, never lost.
   */
  CLOSED_WATCHING,
  /** The buyer paid before the close: the payment is SUCCESS. */
  PAID,
  /** The channel's answer is unknown; nothing changed. */
  UNKNOWN
}
