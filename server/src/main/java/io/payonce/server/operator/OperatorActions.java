package io.payonce.server.operator;

import io.payonce.server.log.Untrusted;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorAction.Outcome;
import java.time.Clock;
import java.util.List;
import java.util.function.Function;
import java.util.function.Supplier;
import org.springframework.stereotype.Service;

/**
 * Runs an operator's action and records it. The record is written before the action (so that who
 * asked survives a crash during a channel call) and completed after it with what the action
 * established or why it was refused. The action itself is always one of the domain's services: this
 * class adds the record, never money logic. Outside a transaction each write commits at once;
 * inside one (an operator's change) the record commits with the change.
 */
@Service
public class OperatorActions {

  private static final int STATE_MAX = 1000;
  private static final int TARGET_MAX = 128;

  private final OperatorActionRepository repository;
  private final Clock clock;

  OperatorActions(OperatorActionRepository repository, Clock clock) {
    this.repository = repository;
    this.clock = clock;
  }

  /**
   * What an operator asks for.
   *
   * @param outTradeNo the payment concerned, or {@code null}
   * @param before the state the operator saw before acting
   */
  public record Request(
      String operator, Kind action, String target, String outTradeNo, String before) {}

  /**
   * Records the request, runs the action, and records its result ({@code after} of what it
   * returned) or its refusal (the exception's kind; the exception is rethrown).
   */
  public <T> T run(Request request, Supplier<T> action, Function<? super T, String> after) {
    return run(request, action, after, result -> null);
  }

  /**
   * As {@link #run(Request, Supplier, Function)}, for an action that may answer a refusal rather
   * than throw one (a refund the channel declined comes back as a FAIL refund): when {@code
   * refusal} names one for the result, the record ends FAILED with that refusal before {@code
   * after}.
   *
   * @param refusal why the result is a refusal, or {@code null} when it is not one
   */
  public <T> T run(
      Request request,
      Supplier<T> action,
      Function<? super T, String> after,
      Function<? super T, String> refusal) {
    long id =
        repository.insert(
            request.operator(),
            request.action(),
            Untrusted.clip(request.target(), TARGET_MAX),
            request.outTradeNo(),
            Untrusted.clip(request.before(), STATE_MAX),
            clock.instant());
    T result;
    try {
      result = action.get();
    } catch (RuntimeException refused) {
      repository.finish(id, Outcome.FAILED, "refused: " + kind(refused), clock.instant());
      throw refused;
    }
    String why = refusal.apply(result);
    String established = after.apply(result);
    repository.finish(
        id,
        why == null ? Outcome.DONE : Outcome.FAILED,
        Untrusted.clip(
            why == null ? established : "refused: " + why + " · " + established, STATE_MAX),
        clock.instant());
    return result;
  }

  /**
   * A refusal's kind as operators read it, e.g. {@code refund-exceeds-payment} for a {@code
   * RefundExceedsPaymentException}: the class's name without "Exception", in lower-case words
   * joined by hyphens (the problem types' spelling) — never its message, which may carry input.
   */
  static String kind(RuntimeException refused) {
    String name = refused.getClass().getSimpleName();
    if (name.endsWith("Exception") && name.length() > "Exception".length()) {
      name = name.substring(0, name.length() - "Exception".length());
    }
    return name.replaceAll("([a-z0-9])([A-Z])", "$1-$2")
        .replaceAll("([A-Z])([A-Z][a-z])", "$1-$2")
        .toLowerCase(java.util.Locale.ROOT);
  }

  /** The actions about one payment, oldest first. */
  public List<OperatorAction> ofPayment(String outTradeNo) {
    return repository.ofPayment(outTradeNo);
  }

  /** The latest actions, newest first. */
  public List<OperatorAction> recent(int limit) {
    return repository.recent(limit);
  }
}
