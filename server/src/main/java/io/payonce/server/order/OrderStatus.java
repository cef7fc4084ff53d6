package io.payonce.server.order;

import io.payonce.server.journal.TransitionSource;
import io.payonce.server.journal.TransitionTable;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * The order state machine, declared once: {@link #successors(TransitionSource)} is the whole
 * transition table. Nothing writes an order status except {@link OrderTransitions} through this
 * table.
 */
public enum OrderStatus implements TransitionTable<OrderStatus> {
  /** Accepted; no payment has been opened yet. */
  CREATED,
  /** At least one payment was opened; the order may still be paid. */
  PAYING,
  /** A payment succeeded: the order is charged. */
  PAID,
  /** Will not be paid (cancelled or expired), unless a channel proves that it was. */
  CLOSED,
  /** A refund is under way. */
  REFUNDING,
  /** Part of the amount has been refunded; more may follow. */
  PARTIALLY_REFUNDED,
  /** The whole amount has been refunded; final. */
  REFUNDED;

  /**
   * The statuses this one may move to.
   *
   * @param source who asks; only channel evidence may mark a closed order paid (money taken after
   *     we gave up on it)
   */
  @Override
  public Set<OrderStatus> successors(TransitionSource source) {
    boolean channelEvidence = source.isChannelEvidence();
    return switch (this) {
      case CREATED -> EnumSet.of(PAYING, CLOSED);
      case PAYING -> EnumSet.of(PAID, CLOSED);
      case PAID -> EnumSet.of(REFUNDING);
      // Back to PAID when a refund fails without returning anything.
      case REFUNDING -> EnumSet.of(PAID, PARTIALLY_REFUNDED, REFUNDED);
      case PARTIALLY_REFUNDED -> EnumSet.of(REFUNDING);
      case CLOSED -> channelEvidence ? EnumSet.of(PAID) : EnumSet.noneOf(OrderStatus.class);
      case REFUNDED -> EnumSet.noneOf(OrderStatus.class);
    };
  }

  /** The statuses from which {@code target} may be reached: the WHERE clause of the UPDATE. */
  public static Set<OrderStatus> allowedFrom(OrderStatus target, TransitionSource source) {
    return TransitionTable.allowedFrom(target, source);
  }

  /** Whether a new payment may be opened for an order in this status. */
  public boolean isPayable() {
    return this == CREATED || this == PAYING;
  }

  /**
   * The business event that reaching this status from {@code previous} raises, if any: one per
   * business fact. Back to PAID from REFUNDING is a refund that failed, not a new payment, and says
   * nothing; refunds announce themselves when one succeeds (see the refund package), not when the
   * order's status follows them.
   */
  public Optional<String> event(OrderStatus previous) {
    return switch (this) {
      case PAID -> previous == REFUNDING ? Optional.empty() : Optional.of("OrderPaid");
      case CLOSED -> Optional.of("OrderClosed");
      case CREATED, PAYING, REFUNDING, PARTIALLY_REFUNDED, REFUNDED -> Optional.empty();
    };
  }
}
