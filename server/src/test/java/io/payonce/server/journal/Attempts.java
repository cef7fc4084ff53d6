package io.payonce.server.journal;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;

/**
 * Random sequences of attempted transitions for the property tests of every {@link
 * TransitionTable}, applied as the conditional UPDATE applies them: the row moves only if its
 * status is one the target may be reached from.
 */
public final class Attempts {

  private Attempts() {}

  /** One attempt: a target status, asked for by a source (with or without channel evidence). */
  public record Attempt<S>(S target, TransitionSource source) {

    public boolean channelEvidence() {
      return source.isChannelEvidence();
    }
  }

  /** What one attempt did: from where, what was asked, where the row is now. */
  public record Step<S>(S from, Attempt<S> attempt, S to) {

    public boolean moved() {
      return from != to;
    }
  }

  public static <S extends Enum<S> & TransitionTable<S>> Arbitrary<Attempt<S>> attempt(
      Class<S> type) {
    return Combinators.combine(Arbitraries.of(type), Arbitraries.of(TransitionSource.class))
        .as(Attempt::new);
  }

  public static <S extends Enum<S> & TransitionTable<S>> Arbitrary<List<Attempt<S>>> sequence(
      Class<S> type) {
    return attempt(type).list().ofMaxSize(30);
  }

  /** Applies the attempts in order from {@code start}. */
  public static <S extends Enum<S> & TransitionTable<S>> List<Step<S>> walk(
      S start, List<Attempt<S>> attempts) {
    List<Step<S>> steps = new ArrayList<>();
    S current = start;
    for (Attempt<S> attempt : attempts) {
      S next = TransitionTable.attempt(current, attempt.target(), attempt.source());
      steps.add(new Step<>(current, attempt, next));
      current = next;
    }
    return steps;
  }
}
