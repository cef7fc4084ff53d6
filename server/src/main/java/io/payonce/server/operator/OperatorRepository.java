package io.payonce.server.operator;

import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The operator table. */
@Repository
class OperatorRepository {

  static final String ACTIVE = "ACTIVE";
  static final String DISABLED = "DISABLED";

  private static final String INSERT =
      """
      INSERT INTO operator (username, password_hash, role, status, created_at, updated_at)
      VALUES (:username, :hash, :role, 'ACTIVE', :now, :now)
      """;

  private static final String SELECT =
      """
      SELECT id, username, password_hash, role, status, created_at, updated_at
      FROM operator
      """;

  private static final String UPDATE_ROLE =
      """
      UPDATE operator
      SET role = :role, updated_at = :now
      WHERE username = :username
        AND role = :from
      """;

  private static final String UPDATE_STATUS =
      """
      UPDATE operator
      SET status = :status, updated_at = :now
      WHERE username = :username
        AND status <> :status
      """;

  private static final String UPDATE_PASSWORD =
      """
      UPDATE operator
      SET password_hash = :hash, updated_at = :now
      WHERE username = :username
      """;

  private final JdbcClient jdbc;

  OperatorRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  void insert(String username, String hash, OperatorRole role, Instant now) {
    jdbc.sql(INSERT)
        .param("username", username)
        .param("hash", hash)
        .param("role", role.name())
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  Optional<Operator> find(String username) {
    return jdbc.sql(SELECT + " WHERE username = :username")
        .param("username", username)
        .query(OperatorRepository::map)
        .optional();
  }

  List<Operator> all() {
    return jdbc.sql(SELECT + " ORDER BY username").query(OperatorRepository::map).list();
  }

  /** Changes the role only if it still is {@code from}: the row count says who won. */
  boolean changeRole(String username, OperatorRole from, OperatorRole to, Instant now) {
    return jdbc.sql(UPDATE_ROLE)
            .param("role", to.name())
            .param("from", from.name())
            .param("username", username)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  boolean changeStatus(String username, String status, Instant now) {
    return jdbc.sql(UPDATE_STATUS)
            .param("status", status)
            .param("username", username)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  boolean changePassword(String username, String hash, Instant now) {
    return jdbc.sql(UPDATE_PASSWORD)
            .param("hash", hash)
            .param("username", username)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  private static Operator map(ResultSet rs, int row) throws SQLException {
    return new Operator(
        rs.getLong("id"),
        rs.getString("username"),
        rs.getString("password_hash"),
        OperatorRole.valueOf(rs.getString("role")),
        ACTIVE.equals(rs.getString("status")),
        SqlTime.fromColumn(rs, "created_at"),
        SqlTime.fromColumn(rs, "updated_at"));
  }
}
