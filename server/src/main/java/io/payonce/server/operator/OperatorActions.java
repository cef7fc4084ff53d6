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
      repository.finish(
          id, Outcome.FAILED, "refused: " + refused.getClass().getSimpleName(), clock.instant());
      throw refused;
    }
    repository.finish(
        id, Outcome.DONE, Untrusted.clip(after.apply(result), STATE_MAX), clock.instant());
    return result;
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
