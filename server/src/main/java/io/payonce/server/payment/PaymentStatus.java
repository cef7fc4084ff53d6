package io.payonce.server.payment;

import io.payonce.server.journal.TransitionSource;
import io.payonce.server.journal.TransitionTable;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The payment state machine, declared once: {@link #successors(TransitionSource)} is the whole
 * transition table. Nothing writes a payment status except {@link PaymentTransitions} through this
 * table.
 */
public enum PaymentStatus implements TransitionTable<PaymentStatus> {
  /** Written before any channel call; the channel may not know this payment yet. */
  INIT,
  /** The channel issued a QR code; the buyer has not paid yet. */
  PRECREATED,
  /** The channel reports the trade waiting for or in payment; money may move at any moment. */
  PAYING,
  /**
   * We asked the channel to cancel (reverse) the trade, written before the call: it ends closed
   * unpaid or paid and refunded in full, and only the cancel's answer says which. No other evidence
   * moves it — a success seen meanwhile is being given back, never an order paid.
   */
  CANCELLING,
  /** The channel took the money; final (a refund is its own record). */
  SUCCESS,
  /** The channel refused the trade; final unless the channel later proves money was taken. */
  FAIL,
  /** Closed without payment; final unless the channel later proves money was taken. */
  CLOSED;

  /**
   * The statuses this one may move to.
   *
   * @param source who asks: only channel evidence may overturn a local FAIL or CLOSED decision, and
   *     then only to SUCCESS; only the cancel's answer settles a CANCELLING payment
   */
  @Override
  public Set<PaymentStatus> successors(TransitionSource source) {
    boolean evidence = source.isChannelEvidence();
    return switch (this) {
      case INIT -> EnumSet.of(PRECREATED, PAYING, CANCELLING, SUCCESS, FAIL, CLOSED);
      case PRECREATED -> EnumSet.of(PAYING, CANCELLING, SUCCESS, FAIL, CLOSED);
      case PAYING -> EnumSet.of(CANCELLING, SUCCESS, FAIL, CLOSED);
      case CANCELLING ->
          source == TransitionSource.CANCEL
              ? EnumSet.of(SUCCESS, CLOSED)
              : EnumSet.noneOf(PaymentStatus.class);
      case SUCCESS -> EnumSet.noneOf(PaymentStatus.class);
      case FAIL, CLOSED -> evidence ? EnumSet.of(SUCCESS) : EnumSet.noneOf(PaymentStatus.class);
    };
  }

  /** The statuses from which {@code target} may be reached: the WHERE clause of the UPDATE. */
  public static Set<PaymentStatus> allowedFrom(PaymentStatus target, TransitionSource source) {
    return TransitionTable.allowedFrom(target, source);
  }

  /** Whether the payment holds its order's single payable slot (the active_slot column). */
  public boolean isInFlight() {
    return this == INIT || this == PRECREATED || this == PAYING || this == CANCELLING;
  }

  /** The business event that reaching this status raises, if any. */
  public Optional<String> event() {
    return switch (this) {
      case SUCCESS -> Optional.of("PaymentSucceeded");
      case FAIL -> Optional.of("PaymentFailed");
      case CLOSED -> Optional.of("PaymentClosed");
      case INIT, PRECREATED, PAYING, CANCELLING -> Optional.empty();
    };
  }
}
