package io.payonce.server.log;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.sql.SQLTransactionRollbackException;
import org.junit.jupiter.api.Test;
import org.springframework.dao.DataIntegrityViolationException;

class FailuresUnitTests {

  @Test
  void aClosedDatabaseIsToldFromADeadlockBySqlStateVendorCodeAndMessage() {
    String closed =
        Failures.describe(
            new DataIntegrityViolationException(
                "PreparedStatementCallback",
                new SQLNonTransientConnectionException(
                    "Database is already closed (to disable automatic closing at VM shutdown, add"
                        + " \"DB_CLOSE_ON_EXIT=FALSE\" to the db URL) [90121-232]",
                    "90121",
                    90121)));
    String deadlock =
        Failures.describe(
            new RuntimeException(
                new SQLTransactionRollbackException(
                    "(conn=42) Deadlock found when trying to get lock; try restarting transaction",
                    "40001",
                    1213)));

    assertThat(closed)
        .contains("sqlState=90121", "vendorCode=90121", "message=\"Database is already closed");
    assertThat(deadlock)
        .contains("sqlState=40001", "vendorCode=1213", "Deadlock found when trying to get lock");
  }

  @Test
  void aMessageShowsNoSecretNoValueAndNoStatement() {
    String line =
        Failures.describe(
            new SQLException(
                "Cannot connect to jdbc:mariadb://payonce:s3cr3t@db.internal/payonce password=hunter2"
                    + " sign=QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0NTY3ODkwMTIzNDU2 for 'buyer@example.com'"
                    + "; SQL statement:\nINSERT INTO app (secret) VALUES ('top-secret')",
                "08001",
                0));

    assertThat(line)
        .contains("sqlState=08001", "Cannot connect to jdbc:mariadb://***@db.internal")
        .doesNotContain("s3cr3t", "hunter2", "QUJDREVG", "buyer@example.com", "top-secret")
        .doesNotContain("INSERT", "\n");
  }

  @Test
  void aLongMessageIsClippedToOneLine() {
    String line = Failures.describe(new IllegalStateException("x ".repeat(500) + "\nforged line"));

    assertThat(line).doesNotContain("\n", "forged");
    assertThat(line.substring(line.indexOf("message=\"")))
        .hasSize("message=\"\"".length() + Failures.MESSAGE_MAX);
  }
}
