package io.payonce.server.journal;

import java.util.Objects;

/**
 * The result of an attempted transition: whether this caller's conditional UPDATE moved the row,
 * and the status the row has now. A loser gets the current status, which makes every transition
 * idempotent: asking twice for SUCCESS answers "not won, SUCCESS".
 *
 * @param won true if this caller made the change (and wrote its journal row and events)
 * @param current the status after the attempt
 */
public record TransitionOutcome<S extends Enum<S>>(boolean won, S current) {

  public TransitionOutcome {
    Objects.requireNonNull(current, "current");
  }

  public static <S extends Enum<S>> TransitionOutcome<S> won(S current) {
    return new TransitionOutcome<>(true, current);
  }

  public static <S extends Enum<S>> TransitionOutcome<S> lost(S current) {
    return new TransitionOutcome<>(false, current);
  }
}
