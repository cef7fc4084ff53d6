package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.TransactionSystemException;

/** Which failures are the database failing to serve (503), not a fault of the server (500). */
class DatabaseUnavailableUnitTests {

  @Test
  void aRollbackThatFailedAfterItsConnectionBrokeDuringCommitIsTheDatabaseUnavailable() {
    // What JdbcTransactionManager throws when COMMIT lost its connection: the rollback it tries
    // next meets the connection the pool closed, and that failure replaces the commit's.
    TransactionSystemException rollback =
        new TransactionSystemException(
            "Could not roll back JDBC transaction", new SQLException("Connection is closed"));

    assertThat(DatabaseUnavailable.is(rollback)).isTrue();
  }

  @Test
  void aFailedRollbackIsDecidedByTheFailureOfTheWorkItRolledBack() {
    TransactionSystemException afterABug = rollbackFailedAfter(new IllegalStateException("bug"));
    TransactionSystemException afterALostConnection =
        rollbackFailedAfter(new DataAccessResourceFailureException("I/O error"));

    assertThat(DatabaseUnavailable.is(afterABug)).isFalse();
    assertThat(DatabaseUnavailable.is(afterALostConnection)).isTrue();
  }

  @Test
  void aFaultOfTheServerIsNoUnavailableDatabase() {
    assertThat(DatabaseUnavailable.is(new IllegalStateException("bug"))).isFalse();
  }

  private static TransactionSystemException rollbackFailedAfter(RuntimeException work) {
    TransactionSystemException rollback =
        new TransactionSystemException(
            "Could not roll back JDBC transaction", new SQLException("Connection is closed"));
    rollback.initApplicationException(work);
    return rollback;
  }
}
