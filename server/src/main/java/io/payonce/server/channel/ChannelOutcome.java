package io.payonce.server.channel;

/**
 * What a channel call established. {@link Unknown} is never a failure: the money may have moved, so
 * the next step is to ask the channel again under the same number, never to retry under a new one.
 */
public sealed interface ChannelOutcome<T> {

  /** DONE, REFUSED or UNKNOWN, as journals and logs spell it. */
  default String kind() {
    if (this instanceof Done) {
      return "DONE";
    }
    return this instanceof Refused ? "REFUSED" : "UNKNOWN";
  }

  /** The channel did what was asked and answered with {@code value}. */
  record Done<T>(T value) implements ChannelOutcome<T> {}

  /**
   * The channel definitely refused; nothing happened there because of this call.
   *
   * @param reason why, in neutral terms: what the domain decides on
   * @param subCode the channel's own code, for people (problems, logs, journal)
   */
  record Refused<T>(Refusal reason, String subCode, String message) implements ChannelOutcome<T> {
    public boolean is(Refusal kind) {
      return reason == kind;
    }
  }

  /** Timeout, I/O error, unverifiable reply or a system error: the effect is not known. */
  record Unknown<T>(String reason) implements ChannelOutcome<T> {}

  /**
   * This outcome, if it is not done, as an outcome of another type: a refusal or an unknown outcome
   * of one call is the same of the verb that made it.
   *
   * @throws IllegalStateException for a done outcome, which has a value of its own type
   */
  default <U> ChannelOutcome<U> notDone() {
    if (this instanceof Refused<T> refused) {
      return refused(refused.reason(), refused.subCode(), refused.message());
    }
    if (this instanceof Unknown<T> unknown) {
      return unknown(unknown.reason());
    }
    throw new IllegalStateException("a done outcome has a value");
  }

  /** This outcome with a done value turned by {@code f}; a refusal or unknown outcome as it is. */
  default <U> ChannelOutcome<U> map(java.util.function.Function<? super T, ? extends U> f) {
    return this instanceof Done<T> done ? done(f.apply(done.value())) : notDone();
  }

  static <T> ChannelOutcome<T> done(T value) {
    return new Done<>(value);
  }

  static <T> ChannelOutcome<T> refused(Refusal reason, String subCode, String message) {
    return new Refused<>(reason, subCode, message);
  }

  static <T> ChannelOutcome<T> unknown(String reason) {
    return new Unknown<>(reason);
  }
}
