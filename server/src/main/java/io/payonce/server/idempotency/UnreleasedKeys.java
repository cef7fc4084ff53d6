package io.payonce.server.idempotency;

import io.payonce.server.log.Failures;
import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Keys whose release failed on this instance — the request answered "try again" (a 503 while the
 * database was away) and its release could not reach the database either — remembered in memory
 * until the database answers again. The release is then done before a request under the key runs on
 * this instance, and by a short schedule for a retry sent to another instance: a retry after an
 * outage is served once the database is back, not after the key's whole lease.
 *
 * <p>Only a request that has finished is remembered, so a key is never freed under a request still
 * running; the release deletes the key only if the same owner still holds it. What this instance
 * forgets (it dies, or remembers too many) waits for the lease to run out, as before.
 */
@Component
class UnreleasedKeys {

  private static final Logger log = LoggerFactory.getLogger(UnreleasedKeys.class);
  // Each entry is small and lives at most one lease; beyond, a key waits for its lease.
  private static final int MAX_REMEMBERED = 10_000;

  private final IdempotencyRecords records;
  private final Clock clock;
  private final Map<ScopedKey, Unreleased> unreleased = new ConcurrentHashMap<>();

  UnreleasedKeys(IdempotencyRecords records, Clock clock) {
    this.records = records;
    this.clock = clock;
  }

  private record ScopedKey(String scope, String key) {}

  private record Unreleased(String owner, Instant leaseEnd) {}

  /** Remembers a release that failed, until its lease would have ended anyway. */
  void remember(String scope, String key, String owner, Instant leaseEnd) {
    if (unreleased.size() >= MAX_REMEMBERED) {
      log.warn("idempotency key not released reason=too-many-unreleased lease-ends={}", leaseEnd);
      return;
    }
    unreleased.put(new ScopedKey(scope, key), new Unreleased(owner, leaseEnd));
  }

  /**
   * Releases the key if this instance owes its release; a database still away fails as the request
   * under the key would.
   */
  void settle(String scope, String key) {
    ScopedKey scoped = new ScopedKey(scope, key);
    Unreleased owed = unreleased.get(scoped);
    if (owed != null) {
      records.release(scope, key, owed.owner());
      unreleased.remove(scoped, owed);
    }
  }

  /** Releases what is owed, stopping at the first failure (the database is still away). */
  @Scheduled(
      fixedDelayString = "${payonce.idempotency.release-retry-interval:PT0.5S}",
      initialDelayString = "${payonce.idempotency.release-retry-interval:PT0.5S}")
  void releaseOwed() {
    Instant now = clock.instant();
    int released = 0;
    for (Map.Entry<ScopedKey, Unreleased> entry : unreleased.entrySet()) {
      ScopedKey scoped = entry.getKey();
      Unreleased owed = entry.getValue();
      if (!now.isBefore(owed.leaseEnd())) {
        // Its lease ran out: anyone takes the key over now.
        unreleased.remove(scoped, owed);
        continue;
      }
      try {
        records.release(scoped.scope(), scoped.key(), owed.owner());
      } catch (DataAccessException e) {
        log.debug("idempotency release still failing {}", Failures.describe(e));
        return;
      }
      unreleased.remove(scoped, owed);
      released++;
    }
    if (released > 0) {
      log.info("idempotency released-after-failure={}", released);
    }
  }

  int size() {
    return unreleased.size();
  }
}
