package io.payonce.server.refund;

import io.payonce.server.journal.TransitionSource;
import io.payonce.server.journal.TransitionTable;
import java.util.EnumSet;
import java.util.Set;

/** The refund state machine, declared once. */
public enum RefundStatus implements TransitionTable<RefundStatus> {
  /**
   * Accepted and reserved; the channel has not confirmed it (not called yet, or answer unknown).
   */
  PENDING,
  /** The channel made the refund; final. */
  SUCCESS,
  /** The channel definitely refused it; its reservation was given back; final. */
  FAIL;

  @Override
  public Set<RefundStatus> successors(TransitionSource source) {
    return switch (this) {
      case PENDING -> EnumSet.of(SUCCESS, FAIL);
      case SUCCESS, FAIL -> EnumSet.noneOf(RefundStatus.class);
    };
  }

  /** The statuses {@code target} may be reached from, as the UPDATE's WHERE clause names them. */
  static java.util.List<String> allowedFromNames(RefundStatus target) {
    return TransitionTable.allowedFrom(target, TransitionSource.API).stream()
        .map(Enum::name)
        .toList();
  }
}
