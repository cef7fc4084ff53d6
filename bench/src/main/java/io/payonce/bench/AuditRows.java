package io.payonce.bench;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * The audit rows in the bench database: channel calls and notify receipts, the service's and B1's.
 */
final class AuditRows {

  private static final String COUNT =
      """
      SELECT (SELECT COUNT(*) FROM channel_call) + (SELECT COUNT(*) FROM notify_receipt)
      """;

  private AuditRows() {}

  static long count(Connection monitor) throws SQLException {
    try (Statement s = monitor.createStatement();
        ResultSet rs = s.executeQuery(COUNT)) {
      rs.next();
      return rs.getLong(1);
    }
  }
}
