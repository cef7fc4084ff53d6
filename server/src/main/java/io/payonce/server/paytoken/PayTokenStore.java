package io.payonce.server.paytoken;

import io.payonce.server.idempotency.IssuedKeys;
import java.time.Instant;
import java.util.Optional;

/**
 * Where tokens live: the database, or Redis. Each token lives in exactly one store, and belongs to
 * the app that was issued it: another app asking about it finds nothing.
 */
interface PayTokenStore {

  void issue(
      String appId,
      String token,
      String userId,
      Instant now,
      Instant expiresAt,
      Instant purgeAfter);

  Optional<PayToken> find(String appId, String token);

  /**
   * Marks an unused, unexpired token used in one atomic step.
   *
   * @return false if it was used already, expired, or is unknown
   */
  boolean consume(String appId, String token, Instant now);

  /** Makes a consumed token usable again: the request that consumed it reached no final result. */
  void restore(String appId, String token);

  /** Thrown when the store cannot be reached; the caller may try again later. */
  final class Unavailable extends IssuedKeys.Unavailable {
    Unavailable(Throwable cause) {
      super("pay token store unavailable", cause);
    }
  }
}
