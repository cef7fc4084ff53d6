package io.payonce.server.paytoken;

import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The pay_token table: the store without Redis, and the fallback while Redis is down. */
@Repository
class DbPayTokenStore implements PayTokenStore {

  private static final String INSERT =
      """
      INSERT INTO pay_token (app_id, token, user_id, created_at, expires_at, purge_after)
      VALUES (:appId, :token, :userId, :now, :expiresAt, :purgeAfter)
      """;

  private static final String SELECT =
      """
      SELECT token, user_id, expires_at, used_at
      FROM pay_token
      WHERE token = :token
        AND app_id = :appId
      """;

  // The row count says who consumed it: one request at most.
  private static final String CONSUME =
      """
      UPDATE pay_token
      SET used_at = :now
      WHERE token = :token
        AND app_id = :appId
        AND used_at IS NULL
        AND expires_at > :now
      """;

  private static final String RESTORE =
      """
      UPDATE pay_token
      SET used_at = NULL
      WHERE token = :token
        AND app_id = :appId
      """;

  private static final String PURGE =
      """
      DELETE FROM pay_token
      WHERE purge_after < :now
      """;

  private final JdbcClient jdbc;

  DbPayTokenStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  @Override
  public void issue(
      String appId,
      String token,
      String userId,
      Instant now,
      Instant expiresAt,
      Instant purgeAfter) {
    jdbc.sql(INSERT)
        .param("appId", appId)
        .param("token", token)
        .param("userId", userId)
        .param("now", SqlTime.toColumn(now))
        .param("expiresAt", SqlTime.toColumn(expiresAt))
        .param("purgeAfter", SqlTime.toColumn(purgeAfter))
        .update();
  }

  @Override
  public Optional<PayToken> find(String appId, String token) {
    return jdbc.sql(SELECT)
        .param("appId", appId)
        .param("token", token)
        .query(DbPayTokenStore::map)
        .optional();
  }

  @Override
  public boolean consume(String appId, String token, Instant now) {
    return jdbc.sql(CONSUME)
            .param("appId", appId)
            .param("token", token)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  @Override
  public void restore(String appId, String token) {
    jdbc.sql(RESTORE).param("appId", appId).param("token", token).update();
  }

  int purge(Instant now) {
    return jdbc.sql(PURGE).param("now", SqlTime.toColumn(now)).update();
  }

  private static PayToken map(ResultSet rs, int row) throws SQLException {
    return new PayToken(
        rs.getString("token"),
        rs.getString("user_id"),
        SqlTime.fromColumn(rs, "expires_at"),
        rs.getObject("used_at") != null);
  }
}
