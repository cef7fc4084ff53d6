package io.payonce.server.refund;

/** Why a refund exists. */
public enum RefundKind {
  /** The merchant asked for it through the API. */
  MERCHANT,
  /** The payment charged an order that was already paid (or cancelled): refunded automatically. */
  DUPLICATE
}
