package io.payonce.server.outbox;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.journal.TransitionTable;
import java.util.Optional;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;
import org.springframework.stereotype.Component;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The one skeleton of every status writer (orders, payments): a conditional UPDATE whose WHERE
 * clause is the status enum's transition table and whose row count says who won; the winner — and
 * only the winner — journals the change and appends its business event in the same transaction. A
 * writer supplies its UPDATE and its event; a loser reads the current status itself.
 */
@Component
public class StatusTransitions {

  private final Journal journal;
  private final OutboxWriter outbox;

  StatusTransitions(Journal journal, OutboxWriter outbox) {
    this.journal = journal;
    this.outbox = outbox;
  }

  /**
   * A business event a transition raises: a past-tense fact, once per fact.
   *
   * @param fact what makes it one business fact (the event id is derived from it)
   * @param orderNo the order's number when the writer knows it, else null (looked up)
   */
  public record Event(String type, String fact, Record data, String orderNo) {}

  /**
   * One writer's attempt.
   *
   * @param <S> the status enum
   * @param <R> what the conditional UPDATE answers the winner: the changed row
   * @param update the conditional UPDATE, from the statuses it may move the row from
   * @param previous the status the winner's row left
   * @param event the winner's event, from its changed row and the status it left
   */
  public record Attempt<S extends Enum<S> & TransitionTable<S>, R>(
      Function<Set<S>, Optional<R>> update,
      Function<R, S> previous,
      BiFunction<R, S, Optional<Event>> event) {}

  /**
   * Moves a row to {@code target} if the transition table allows it from its status for {@code
   * source} (and {@code allowed} does), in the caller's transaction.
   *
   * @param allowed narrows the table's statuses for the writer's verb
   * @return the winner's changed row; empty for a loser, who wrote nothing
   */
  @Transactional(propagation = Propagation.MANDATORY)
  public <S extends Enum<S> & TransitionTable<S>, R> Optional<R> attempt(
      Aggregate aggregate,
      long id,
      S target,
      TransitionSource source,
      String detail,
      Predicate<S> allowed,
      Attempt<S, R> attempt) {
    Set<S> from = TransitionTable.allowedFrom(target, source);
    from.removeIf(allowed.negate());
    Optional<R> won = from.isEmpty() ? Optional.empty() : attempt.update().apply(from);
    won.ifPresent(
        changed -> {
          S previous = attempt.previous().apply(changed);
          record(
              aggregate,
              id,
              previous,
              target,
              source,
              detail,
              attempt.event().apply(changed, previous));
        });
    return won;
  }

  /**
   * Records a change the caller won by its own conditional UPDATE (on a row it had locked): its
   * journal row and its event, in the caller's transaction.
   */
  @Transactional(propagation = Propagation.MANDATORY)
  public void record(
      Aggregate aggregate,
      long id,
      Enum<?> previous,
      Enum<?> target,
      TransitionSource source,
      String detail,
      Optional<Event> event) {
    journal.append(aggregate, id, previous, target, source, detail);
    event.ifPresent(e -> outbox.append(aggregate, id, e.type(), e.fact(), e.data(), e.orderNo()));
  }
}
