package io.payonce.server.db;

import java.sql.SQLException;

/**
 * Tells a transaction the database rolled back to break a lock cycle (or a serialization conflict)
 * from any other failure: such a transaction changed nothing, and whoever it raced has won.
 */
public final class LockConflicts {

  /** MariaDB's and MySQL's ER_LOCK_DEADLOCK. */
  private static final int MYSQL_DEADLOCK = 1213;

  private LockConflicts() {}

  /**
   * Whether {@code failure} says its transaction was chosen as a deadlock victim or failed to
   * serialize: SQLState 40001 (MariaDB, MySQL, H2, PostgreSQL's serialization failure), 40P01
   * (PostgreSQL's deadlock) or MariaDB's error 1213, anywhere in its causes.
   */
  public static boolean isVictim(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SQLException sql
          && ("40001".equals(sql.getSQLState())
              || "40P01".equals(sql.getSQLState())
              || sql.getErrorCode() == MYSQL_DEADLOCK)) {
        return true;
      }
    }
    return false;
  }
}
