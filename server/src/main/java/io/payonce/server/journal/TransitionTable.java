package io.payonce.server.journal;

import java.util.EnumSet;
import java.util.Set;

/**
 * A status enum that declares its own transitions. The enum's {@link #successors} is the one place
 * a transition is allowed; {@link #allowedFrom} derives the WHERE clause from it.
 */
public interface TransitionTable<S extends Enum<S> & TransitionTable<S>> {

  /**
   * The statuses this one may move to.
   *
   * @param channelEvidence whether the request carries a channel's answer (see {@link
   *     TransitionSource#isChannelEvidence()})
   */
  Set<S> successors(boolean channelEvidence);

  /** The statuses from which {@code target} may be reached: the WHERE clause of the UPDATE. */
  static <S extends Enum<S> & TransitionTable<S>> Set<S> allowedFrom(
      S target, boolean channelEvidence) {
    Set<S> from = EnumSet.noneOf(target.getDeclaringClass());
    for (S status : target.getDeclaringClass().getEnumConstants()) {
      if (status.successors(channelEvidence).contains(target)) {
        from.add(status);
      }
    }
    return from;
  }

  /** Where an attempt to reach {@code target} from {@code current} leaves the row. */
  static <S extends Enum<S> & TransitionTable<S>> S attempt(
      S current, S target, boolean channelEvidence) {
    return allowedFrom(target, channelEvidence).contains(current) ? target : current;
  }
}
