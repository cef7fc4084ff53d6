package io.payonce.server.idempotency;

import java.util.Map;
import org.springframework.http.ProblemDetail;

/**
 * Idempotency keys the server issued itself (pay tokens): a request body may carry one in {@link
 * #FIELD} instead of a client-chosen key. It is checked before it is used, consumed once when its
 * first request runs, and given back if that request reaches no final result.
 */
public interface IssuedKeys {

  /** The body field that carries an issued key. */
  String FIELD = "payToken";

  /** Whether requests to this path must carry an issued key. */
  boolean requiredFor(String path);

  /**
   * Whether the key may be used for this request body.
   *
   * @return null if it may, else the problem to answer with (unknown, expired, another user's)
   */
  ProblemDetail refusal(String key, Map<String, Object> body);

  /** Consumes the key in one atomic step; false if it was consumed already. */
  boolean consume(String key);

  /** Gives back a consumed key whose request reached no final result, so a retry may run. */
  void restore(String key);

  /** The keys' store cannot be reached now; the request may be retried. */
  class Unavailable extends RuntimeException {
    protected Unavailable(String message, Throwable cause) {
      super(message, cause, false, false);
    }
  }
}
