package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.TransactionSystemException;
import org.springframework.transaction.support.AbstractPlatformTransactionManager;
import org.springframework.transaction.support.DefaultTransactionStatus;

/**
 * The work failed and the rollback after it failed too, as when a failover closes the connection
 * between the two: the caller sees the work's failure (nothing was committed), never the rollback's
 * — the soak's one 500 was a precreate whose duplicate-key race (handled, normally, by joining the
 * winner) reached the client as the rollback's TransactionSystemException.
 */
class VictimRetryingTransactionsUnitTests {

  @Test
  void theWorksFailureStandsWhenTheRollbackAfterItLostItsConnection() {
    VictimRetryingTransactions transactions =
        new VictimRetryingTransactions(new ConnectionLostOnRollback(), new SimpleMeterRegistry());
    DuplicateKeyException lostRace =
        new DuplicateKeyException(
            "insert",
            new SQLIntegrityConstraintViolationException(
                "duplicate key value violates unique constraint", "23505"));

    assertThatThrownBy(
            () ->
                transactions.execute(
                    status -> {
                      throw lostRace;
                    }))
        .isSameAs(lostRace);
  }

  @Test
  void aCommitThatFailedIsStillTheTransactionManagersFailure() {
    VictimRetryingTransactions transactions =
        new VictimRetryingTransactions(new ConnectionLostOnRollback(), new SimpleMeterRegistry());

    assertThatThrownBy(() -> transactions.execute(status -> "done"))
        .isInstanceOf(TransactionSystemException.class)
        .hasMessageContaining("commit");
  }

  /** A transaction manager whose connection is gone by the time it commits or rolls back. */
  static final class ConnectionLostOnRollback extends AbstractPlatformTransactionManager {

    @Override
    protected Object doGetTransaction() {
      return new Object();
    }

    @Override
    protected void doBegin(Object transaction, TransactionDefinition definition) {}

    @Override
    protected void doCommit(DefaultTransactionStatus status) {
      throw new TransactionSystemException(
          "Could not commit JDBC transaction", new SQLException("Connection is closed", "08003"));
    }

    @Override
    protected void doRollback(DefaultTransactionStatus status) {
      throw new TransactionSystemException(
          "Could not roll back JDBC transaction", new SQLException("Connection is closed"));
    }
  }
}
