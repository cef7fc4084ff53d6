package io.payonce.server.testing;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;

/**
 * How many sessions of this test's database are waiting for a row lock now, as the database itself
 * reports it: a latch a test awaits ("the other transaction is blocked") instead of sleeping.
 */
public final class LockWaits {

  private static final String MARIADB =
      """
      SELECT COUNT(*)
      FROM information_schema.innodb_trx t
      JOIN information_schema.processlist p ON p.id = t.trx_mysql_thread_id
      WHERE t.trx_state = 'LOCK WAIT'
        AND p.db = DATABASE()
      """;

  private static final String POSTGRES =
      """
      SELECT COUNT(*)
      FROM pg_stat_activity
      WHERE datname = current_database()
        AND wait_event_type = 'Lock'
      """;

  private static final String H2 =
      """
      SELECT COUNT(*)
      FROM INFORMATION_SCHEMA.SESSIONS
      WHERE BLOCKER_ID IS NOT NULL
      """;

  private LockWaits() {}

  public static int count(DataSource dataSource) {
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      String product = connection.getMetaData().getDatabaseProductName();
      String sql =
          switch (product) {
            case "MariaDB", "MySQL" -> MARIADB;
            case "PostgreSQL" -> POSTGRES;
            case "H2" -> H2;
            default -> throw new IllegalStateException("no lock waits query for " + product);
          };
      try (ResultSet rows = statement.executeQuery(sql)) {
        rows.next();
        return rows.getInt(1);
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot count lock waits", e);
    }
  }
}
