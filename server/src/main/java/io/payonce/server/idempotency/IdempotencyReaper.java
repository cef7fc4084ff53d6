package io.payonce.server.idempotency;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Deletes keys past their expiry, in batches. Safe on any number of instances: deleting a deleted
 * row is a no-op, and the order-level guard (one payment per order) holds without any key.
 */
@Component
class IdempotencyReaper {

  private static final Logger log = LoggerFactory.getLogger(IdempotencyReaper.class);
  private static final int BATCH = 500;

  private final IdempotencyKeys keys;

  IdempotencyReaper(IdempotencyKeys keys) {
    this.keys = keys;
  }

  @Scheduled(
      fixedDelayString = "${payonce.idempotency.reap-interval:PT5M}",
      initialDelayString = "${payonce.idempotency.reap-interval:PT5M}")
  void reap() {
    int total = 0;
    int deleted;
    do {
      deleted = keys.reap(BATCH);
      total += deleted;
    } while (deleted == BATCH);
    if (total > 0) {
      log.info("idempotency reaped={}", total);
    }
  }
}
