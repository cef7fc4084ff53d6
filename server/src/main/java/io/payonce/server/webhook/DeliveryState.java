package io.payonce.server.webhook;

import java.util.EnumSet;
import java.util.Set;

/**
 * The state machine of a webhook delivery, declared once: {@link #successors()} is the whole table.
 * A failed attempt with retries left keeps the delivery PENDING (due later); nothing leaves
 * DELIVERED or PARKED but an operator's resend.
 */
public enum DeliveryState {
  /** Waiting for its next attempt. */
  PENDING,
  /** The destination answered 2xx. */
  DELIVERED,
  /** Every attempt of the retry schedule failed: kept and alarmed, waiting for an operator. */
  PARKED;

  public Set<DeliveryState> successors() {
    return switch (this) {
      case PENDING -> EnumSet.of(PENDING, DELIVERED, PARKED);
      case DELIVERED, PARKED -> EnumSet.of(PENDING);
    };
  }

  /** The states from which {@code target} may be reached: the WHERE clause of its UPDATE. */
  static Set<DeliveryState> allowedFrom(DeliveryState target) {
    Set<DeliveryState> from = EnumSet.noneOf(DeliveryState.class);
    for (DeliveryState state : values()) {
      if (state.successors().contains(target)) {
        from.add(state);
      }
    }
    return from;
  }

  /** The states an operator may resend from: every state but PENDING that may go back to it. */
  static java.util.List<String> resendable() {
    return allowedFrom(PENDING).stream().filter(s -> s != PENDING).map(Enum::name).toList();
  }
}
