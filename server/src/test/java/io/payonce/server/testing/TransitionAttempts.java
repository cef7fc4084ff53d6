package io.payonce.server.testing;

import io.payonce.server.journal.TransitionSource;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.provider.Arguments;

/**
 * The attempts a transition table's test makes: (from, to, source) triples of one state machine's
 * statuses. H2 makes every attempt; MariaDB and PostgreSQL, whose SQL is the same whichever source
 * asks (the source only chooses which statuses the conditional UPDATE accepts), make each pair of
 * statuses once, by a source the pair's place picks, shifted between the two so that every source
 * is asked on each of them.
 */
public final class TransitionAttempts {

  private TransitionAttempts() {}

  /** Each pair of statuses by each source. */
  public static <S extends Enum<S>> List<Arguments> everyAttempt(S[] statuses) {
    List<Arguments> attempts = new ArrayList<>();
    for (S from : statuses) {
      for (S to : statuses) {
        for (TransitionSource source : TransitionSource.values()) {
          attempts.add(Arguments.of(from, to, source));
        }
      }
    }
    return attempts;
  }

  /**
   * Each pair of statuses once, asked by the source its place in the table picks, moved on by
   * {@code shift}: the same attempts on every run.
   */
  public static <S extends Enum<S>> List<Arguments> eachPairOnce(S[] statuses, int shift) {
    TransitionSource[] sources = TransitionSource.values();
    List<Arguments> attempts = new ArrayList<>();
    for (S from : statuses) {
      for (S to : statuses) {
        int pair = from.ordinal() * statuses.length + to.ordinal();
        attempts.add(Arguments.of(from, to, sources[Math.floorMod(pair + shift, sources.length)]));
      }
    }
    return attempts;
  }
}
