package io.payonce.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/** B0, the physical floor: one single-row INSERT in auto-commit (one commit) per operation. */
final class Floor {

  private static final String INSERT =
      """
      INSERT INTO bench_floor (note, created_at)
      VALUES (?, ?)
      """;

  private Floor() {}

  static void create(BenchDatabase db, Connection c) throws SQLException {
    try (Statement s = c.createStatement()) {
      s.execute(db.floorTable());
    }
  }

  static void insert(Connection c, int item) throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(INSERT)) {
      insert.setString(1, "floor " + item);
      insert.setObject(2, LocalDateTime.now(ZoneOffset.UTC));
      insert.executeUpdate();
    }
  }
}
