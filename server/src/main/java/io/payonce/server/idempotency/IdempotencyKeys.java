package io.payonce.server.idempotency;

import io.payonce.server.db.SqlTime;
import io.payonce.server.log.Failures;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Begins, completes and releases keys. The unique (scope, key) row decides who runs a request; a
 * cache may spare the database a read later, but never decides.
 */
@Service
class IdempotencyKeys {

  private static final Logger log = LoggerFactory.getLogger(IdempotencyKeys.class);

  private final IdempotencyRecords records;
  private final IdempotencyProperties props;
  private final UnreleasedKeys unreleased;
  private final Clock clock;

  IdempotencyKeys(
      IdempotencyRecords records,
      IdempotencyProperties props,
      UnreleasedKeys unreleased,
      Clock clock) {
    this.records = records;
    this.props = props;
    this.unreleased = unreleased;
    this.clock = clock;
  }

  /** What a request with a key may do. */
  sealed interface Begin {}

  /** Run the request; complete or release the key with this owner token afterwards. */
  record Run(String owner) implements Begin {}

  /** The key's first request completed: send its response again. */
  record Replay(int status, String body) implements Begin {}

  /** The key was used with another body. */
  record Mismatch(String storedBody) implements Begin {}

  /** The key's first request is still running. */
  record InProgress() implements Begin {}

  Begin begin(String scope, String key, String fingerprint, String body) {
    // A release this instance owes the key (its request answered 503 while the database was away)
    // is done first: the retry runs instead of waiting for the lease of a request that is over.
    unreleased.settle(scope, key);
    Instant now = clock.instant();
    String owner = UUID.randomUUID().toString();
    IdempotencyRecords.Claim claim =
        new IdempotencyRecords.Claim(
            scope,
            key,
            fingerprint,
            body,
            owner,
            SqlTime.toColumn(now.plus(props.lease())),
            SqlTime.toColumn(now),
            SqlTime.toColumn(now.plus(props.ttl())));
    try {
      records.insert(claim);
      return new Run(owner);
    } catch (DuplicateKeyException seenBefore) {
      Optional<IdempotencyRecord> found = records.find(scope, key);
      if (found.isEmpty()) {
        // Released or reaped in between: start again.
        return begin(scope, key, fingerprint, body);
      }
      IdempotencyRecord record = found.get();
      boolean expired = !now.isBefore(record.expiresAt());
      if (!expired && !record.fingerprint().equals(fingerprint)) {
        return new Mismatch(record.requestBody());
      }
      if (!expired && record.completed()) {
        return new Replay(record.responseStatus(), record.responseBody());
      }
      if (records.takeOver(claim)) {
        return new Run(owner);
      }
      return new InProgress();
    }
  }

  void complete(String scope, String key, String owner, int status, String body) {
    records.complete(scope, key, owner, status, body);
  }

  /**
   * Forgets a key whose outcome was not final, so that a retry runs again. A release the database
   * cannot take now is remembered and done once it answers ({@link UnreleasedKeys}).
   */
  void release(String scope, String key, String owner) {
    Instant now = clock.instant();
    try {
      records.release(scope, key, owner);
    } catch (DataAccessException e) {
      log.warn(
          "idempotency key not released, owed until the database answers {}", Failures.describe(e));
      unreleased.remember(scope, key, owner, now.plus(props.lease()));
    }
  }

  int reap(int limit) {
    return records.deleteExpired(clock.instant(), limit);
  }
}
