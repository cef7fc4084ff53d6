package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLIntegrityConstraintViolationException;
import java.sql.SQLNonTransientConnectionException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.jdbc.UncategorizedSQLException;
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
  void aClosedOrUnreachableDatabaseIsUnavailableWhateverSpringMadeOfIt() {
    // H2 2.4.240's check constraint over a closed session: 23514 caused by 90098.
    SQLException closed = new SQLException("The database has been closed", "90098", 90098);
    DataIntegrityViolationException constraint =
        new DataIntegrityViolationException(
            "Check constraint invalid",
            new SQLIntegrityConstraintViolationException(
                "Check constraint invalid", "23514", closed));
    // PostgreSQL's driver: a plain SQLException with a connection-class state, behind a bug-like
    // translation.
    UncategorizedSQLException refused =
        new UncategorizedSQLException(
            "insert", "INSERT", new SQLException("Connection refused", "08001"));
    InvalidDataAccessApiUsageException shutDown =
        new InvalidDataAccessApiUsageException(
            "closed",
            new SQLNonTransientConnectionException("Database is already closed", "90121", 90121));

    assertThat(DatabaseUnavailable.is(constraint)).isTrue();
    assertThat(DatabaseUnavailable.is(refused)).isTrue();
    assertThat(DatabaseUnavailable.is(shutDown)).isTrue();
  }

  @Test
  void aConstraintTheRowBreaksIsNoUnavailableDatabase() {
    assertThat(
            DatabaseUnavailable.is(
                new DataIntegrityViolationException(
                    "duplicate",
                    new SQLIntegrityConstraintViolationException("Duplicate key", "23505"))))
        .isFalse();
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
