package io.payonce.server.journal;

/** The kinds of rows whose status changes are journaled and may raise outbox events. */
public enum Aggregate {
  /** A business order ({@code orders} table). */
  ORDER,
  /** A payment attempt ({@code payment} table). */
  PAYMENT,
  /** A refund of a payment ({@code refund} table). */
  REFUND
}
