package io.payonce.server.journal;

import java.util.EnumSet;
import java.util.Set;

/**
 * A status enum that declares its own transitions. The enum's {@link #successors} is the one place
 * a transition is allowed; {@link #allowedFrom} derives the WHERE clause from it.
 */
public interface TransitionTable<S extends Enum<S> & TransitionTable<S>> {

  /**
   * The statuses this one may move to when {@code source} asks.
   *
   * @param source who asks: most tables only tell local decisions from channel evidence ({@link
   *     TransitionSource#isChannelEvidence()}); a few moves belong to one source alone
   */
  Set<S> successors(TransitionSource source);

  /** The statuses from which {@code target} may be reached: the WHERE clause of the UPDATE. */
  static <S extends Enum<S> & TransitionTable<S>> Set<S> allowedFrom(
      S target, TransitionSource source) {
    Set<S> from = EnumSet.noneOf(target.getDeclaringClass());
    for (S status : target.getDeclaringClass().getEnumConstants()) {
      if (status.successors(source).contains(target)) {
        from.add(status);
      }
    }
    return from;
  }

  /** Where an attempt to reach {@code target} from {@code current} leaves the row. */
  static <S extends Enum<S> & TransitionTable<S>> S attempt(
      S current, S target, TransitionSource source) {
    return allowedFrom(target, source).contains(current) ? target : current;
  }
}
