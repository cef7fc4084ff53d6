package io.payonce.server.consumer;

import java.time.Clock;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Applies a message at most once per consumer: insert (consumer, message id) first — uniqueness is
 * the check, never a read before — then make the change, both in one transaction. A redelivery
 * fails the insert and changes nothing; a change that fails rolls the row back with it, so the
 * redelivery is applied then (the seed's bug of a dedup row kept after a failed change cannot
 * happen).
 */
@Service
public class IdempotentConsumer {

  private final ProcessedMessages processed;
  private final TransactionTemplate transactions;
  private final Clock clock;

  IdempotentConsumer(ProcessedMessages processed, TransactionTemplate transactions, Clock clock) {
    this.processed = processed;
    this.transactions = transactions;
    this.clock = clock;
  }

  /**
   * Runs {@code change} in a new transaction with the record that {@code consumer} processed {@code
   * messageId}, unless it did before.
   *
   * @return true if the change was applied now, false if the message was a duplicate
   */
  public boolean applyOnce(String consumer, String messageId, Runnable change) {
    try {
      transactions.executeWithoutResult(
          status -> {
            try {
              processed.insert(consumer, messageId, clock.instant());
            } catch (DuplicateKeyException e) {
              // The transaction is unusable on PostgreSQL now: leave it rolled back.
              throw new AlreadyProcessed();
            }
            change.run();
          });
      return true;
    } catch (AlreadyProcessed duplicate) {
      return false;
    }
  }

  private static final class AlreadyProcessed extends RuntimeException {
    AlreadyProcessed() {
      super(null, null, false, false);
    }
  }
}
