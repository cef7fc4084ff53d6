package io.payonce.server.refund;

/** Why a refund exists. */
public enum RefundKind {
  /** The merchant asked for it through the API. */
  MERCHANT,
  /** The payment charged an order that was already paid (or cancelled): refunded automatically. */
  DUPLICATE,
  /**
   * The channel's cancel of a barcode payment found it paid and gave the money back in full: a
   * refund the channel made itself, recorded as done when the cancel answered.
   */
  REVERSAL
}
