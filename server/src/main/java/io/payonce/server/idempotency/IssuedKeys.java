package io.payonce.server.idempotency;

import java.util.Map;
import java.util.Optional;

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
   * @param appId the app the request is authenticated as (its orders are the ones named)
   * @return empty if it may, else why not
   */
  Optional<Refusal> refusal(String appId, String key, Map<String, Object> body);

  /** Why an issued key may not be used. */
  enum Refusal {
    /** No such key was issued to the app (or it was purged). */
    UNKNOWN,
    /** It was issued, and expired. */
    EXPIRED,
    /** It was issued to another user than the order's. */
    ANOTHER_USERS
  }

  /**
   * Consumes the key in one atomic step; false if it was consumed already or is not {@code
   * appId}'s.
   */
  boolean consume(String appId, String key);

  /** Gives back a consumed key whose request reached no final result, so a retry may run. */
  void restore(String appId, String key);

  /** The keys' store cannot be reached now; the request may be retried. */
  class Unavailable extends RuntimeException {
    protected Unavailable(String message, Throwable cause) {
      super(message, cause, false, false);
    }
  }
}
