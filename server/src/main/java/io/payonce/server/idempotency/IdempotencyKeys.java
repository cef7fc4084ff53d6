package io.payonce.server.idempotency;

import io.payonce.server.db.SqlTime;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import java.util.UUID;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;

/**
 * Begins, completes and releases keys. The unique (scope, key) row decides who runs a request; a
 * cache may spare the database a read later, but never decides.
 */
@Service
class IdempotencyKeys {

  private final IdempotencyRecords records;
  private final IdempotencyProperties props;
  private final Clock clock;

  IdempotencyKeys(IdempotencyRecords records, IdempotencyProperties props, Clock clock) {
    this.records = records;
    this.props = props;
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

  /** Forgets a key whose outcome was not final, so that a retry runs again. */
  void release(String scope, String key, String owner) {
    records.release(scope, key, owner);
  }

  int reap(int limit) {
    return records.deleteExpired(clock.instant(), limit);
  }
}
