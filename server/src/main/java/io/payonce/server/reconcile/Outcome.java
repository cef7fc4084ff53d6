package io.payonce.server.reconcile;

import io.payonce.server.alarm.AlarmType;

/** What reconciliation concluded about one bill row or one of our payments. */
public enum Outcome {
  /** The bill and our books agree. */
  MATCHED(null),
  /**
   * The channel took the money and we had not recorded it: repaired through the applier; or, for a
   * payment being reversed (CANCELLING, which only the cancel's answer settles), left open.
   */
  CHANNEL_ONLY_SUCCESS(null),
  /** We recorded a success the channel's bill does not have: for an operator to settle. */
  LOCAL_ONLY_SUCCESS(AlarmType.LOCAL_ONLY_SUCCESS),
  /** The bill's amount differs from our payment's: nothing applied, for an operator to settle. */
  AMOUNT_MISMATCH(AlarmType.AMOUNT_MISMATCH),
  /** A second channel success for an already paid order: the extra payment must be refunded. */
  DUPLICATE_PAYMENT(null),
  /** The bill has an out_trade_no we never issued. */
  UNKNOWN_TRADE(AlarmType.UNKNOWN_PAYMENT),
  /** A refund row that matches a successful refund of ours (request number and amount). */
  REFUND_MATCHED(null),
  /** A refund row our refunds do not explain: unknown, another amount, or not successful here. */
  REFUND_MISMATCH(AlarmType.CHANNEL_INCONSISTENT),
  /** A row that could not be read; nothing was done on its strength. */
  BAD_ROW(null);

  private final AlarmType alarm;

  Outcome(AlarmType alarm) {
    this.alarm = alarm;
  }

  /** The alarm raised when this outcome is first found, or null. */
  AlarmType alarm() {
    return alarm;
  }

  /** Whether an operator should see it in the anomaly list. */
  public boolean isAnomaly() {
    return this != MATCHED && this != REFUND_MATCHED;
  }
}
