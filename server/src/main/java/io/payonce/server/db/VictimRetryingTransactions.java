package io.payonce.server.db;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionException;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.TransactionCallback;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The application's transaction template: a transaction the database rolled back as a deadlock
 * victim, or for failing to serialize, changed nothing (LockConflicts), so it is run again — up to
 * {@value #ATTEMPTS} times in all, after a short random pause that lets its rival finish — before
 * the failure reaches the caller (who answers 503). MariaDB's gap locks pick such victims among
 * concurrent requests that each do nothing wrong; a client should not have to retry for them.
 *
 * <p>Only a transaction of its own is run again: one that joins its caller's transaction fails with
 * it, and the caller's is what runs again. The callback runs in full each time, so it must hold
 * nothing but database work (as every transaction here does: never a channel call).
 */
public class VictimRetryingTransactions extends TransactionTemplate {

  static final int ATTEMPTS = 3;

  private static final Logger log = LoggerFactory.getLogger(VictimRetryingTransactions.class);

  private final transient Counter victims;

  public VictimRetryingTransactions(PlatformTransactionManager manager, MeterRegistry meters) {
    super(manager);
    this.victims = meters.counter("payonce.db.lock-victims");
  }

  @Override
  public <T> T execute(TransactionCallback<T> action) throws TransactionException {
    if (!ownTransaction()) {
      return workFailure(action);
    }
    for (int attempt = 1; ; attempt++) {
      try {
        return workFailure(action);
      } catch (RuntimeException failure) {
        if (!LockConflicts.isVictim(failure)) {
          throw failure;
        }
        victims.increment();
        if (attempt >= ATTEMPTS) {
          log.warn("lock_victim attempts={} giving up", attempt);
          throw failure;
        }
        log.info("lock_victim attempt={} running the transaction again", attempt);
        LockSupport.parkNanos(
            TimeUnit.MILLISECONDS.toNanos(ThreadLocalRandom.current().nextLong(1, 20L * attempt)));
      }
    }
  }

  /**
   * Runs the transaction; when the work failed and the rollback after it failed too (its connection
   * lost in a failover), the work's own failure is thrown, not the rollback's: nothing was
   * committed (a transaction never commits without a COMMIT, and a server rolls back the open
   * transaction of a connection it lost), so the caller handles the failure it expects — a
   * duplicate key lost to a concurrent request, say — instead of an unexpected one answered 500.
   */
  private <T> T workFailure(TransactionCallback<T> action) {
    try {
      return super.execute(action);
    } catch (TransactionSystemException rollbackFailed) {
      if (rollbackFailed.getApplicationException() instanceof RuntimeException work) {
        log.warn(
            "rollback_failed after the work failed: {}; the work's failure stands",
            rollbackFailed.getMostSpecificCause().getClass().getSimpleName());
        throw work;
      }
      if (rollbackFailed.getApplicationException() instanceof Error error) {
        throw error;
      }
      throw rollbackFailed;
    }
  }

  /** Whether this template's transaction is its own, not a part of its caller's. */
  private boolean ownTransaction() {
    int propagation = getPropagationBehavior();
    return propagation == TransactionDefinition.PROPAGATION_REQUIRES_NEW
        || !TransactionSynchronizationManager.isActualTransactionActive()
            && propagation != TransactionDefinition.PROPAGATION_MANDATORY;
  }
}
