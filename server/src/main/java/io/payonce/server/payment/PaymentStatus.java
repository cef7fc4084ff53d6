package io.payonce.server.payment;

import io.payonce.server.journal.TransitionTable;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The payment state machine, declared once: {@link #successors(boolean)} is the whole transition
 * table. Nothing writes a payment status except {@link PaymentTransitions} through this table.
 */
public enum PaymentStatus implements TransitionTable<PaymentStatus> {
  /** Written before any channel call; the channel may not know this payment yet. */
  INIT,
  /** The channel issued a QR code; the buyer has not paid yet. */
  PRECREATED,
  /** The channel reports the trade waiting for or in payment; money may move at any moment. */
  PAYING,
  /** The channel took the money; final. */
  SUCCESS,
  /** The channel refused the trade; final unless the channel later proves money was taken. */
  FAIL,
  /** Closed without payment; final unless the channel later proves money was taken. */
  CLOSED;

  /**
   * The statuses this one may move to.
   *
   * @param channelEvidence whether the request carries a channel's answer: only evidence may
   *     overturn a local FAIL or CLOSED decision, and then only to SUCCESS
   */
  @Override
  public Set<PaymentStatus> successors(boolean channelEvidence) {
    return switch (this) {
      case INIT -> EnumSet.of(PRECREATED, PAYING, SUCCESS, FAIL, CLOSED);
      case PRECREATED -> EnumSet.of(PAYING, SUCCESS, FAIL, CLOSED);
      case PAYING -> EnumSet.of(SUCCESS, FAIL, CLOSED);
      case SUCCESS -> EnumSet.noneOf(PaymentStatus.class);
      case FAIL, CLOSED ->
          channelEvidence ? EnumSet.of(SUCCESS) : EnumSet.noneOf(PaymentStatus.class);
    };
  }

  /** The statuses from which {@code target} may be reached: the WHERE clause of the UPDATE. */
  public static Set<PaymentStatus> allowedFrom(PaymentStatus target, boolean channelEvidence) {
    return TransitionTable.allowedFrom(target, channelEvidence);
  }

  /** Whether the payment holds its order's single payable slot (the active_slot column). */
  public boolean isInFlight() {
    return this == INIT || this == PRECREATED || this == PAYING;
  }

  /** The business event that reaching this status raises, if any. */
  public Optional<String> event() {
    return switch (this) {
      case SUCCESS -> Optional.of("PaymentSucceeded");
      case FAIL -> Optional.of("PaymentFailed");
      case CLOSED -> Optional.of("PaymentClosed");
      case INIT, PRECREATED, PAYING -> Optional.empty();
    };
  }
}
