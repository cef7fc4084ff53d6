package io.payonce.server.idempotency;

import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The idempotency_record table. Every statement commits on its own (no transaction is held). */
@Repository
class IdempotencyRecords {

  private static final String INSERT =
      """
      INSERT INTO idempotency_record (scope, idem_key, fingerprint, request_body, state,
                                      owner_token, locked_until, created_at, expires_at)
      VALUES (:scope, :key, :fingerprint, :requestBody, 'IN_PROGRESS',
              :owner, :lockedUntil, :now, :expiresAt)
      """;

  private static final String SELECT =
      """
      SELECT scope, idem_key, fingerprint, request_body, state, owner_token, locked_until,
             response_status, response_body, expires_at
      FROM idempotency_record
      WHERE scope = :scope
        AND idem_key = :key
      """;

  // Takes over a key whose holder's lease ran out, or one that expired: the row count decides.
  private static final String TAKE_OVER =
      """
      UPDATE idempotency_record
      SET fingerprint = :fingerprint,
          request_body = :requestBody,
          state = 'IN_PROGRESS',
          owner_token = :owner,
          locked_until = :lockedUntil,
          response_status = NULL,
          response_body = NULL,
          created_at = :now,
          expires_at = :expiresAt
      WHERE scope = :scope
        AND idem_key = :key
        AND ((state = 'IN_PROGRESS' AND locked_until < :now) OR expires_at < :now)
      """;

  private static final String COMPLETE =
      """
      UPDATE idempotency_record
      SET state = 'COMPLETED',
          response_status = :status,
          response_body = :body,
          owner_token = NULL,
          locked_until = NULL
      WHERE scope = :scope
        AND idem_key = :key
        AND owner_token = :owner
      """;

  private static final String RELEASE =
      """
      DELETE FROM idempotency_record
      WHERE scope = :scope
        AND idem_key = :key
        AND owner_token = :owner
        AND state = 'IN_PROGRESS'
      """;

  private static final String SELECT_EXPIRED =
      """
      SELECT id
      FROM idempotency_record
      WHERE expires_at < :now
      ORDER BY id
      LIMIT :limit
      """;

  private static final String DELETE_BY_IDS =
      """
      DELETE FROM idempotency_record
      WHERE id IN (:ids)
        AND expires_at < :now
      """;

  private final JdbcClient jdbc;

  IdempotencyRecords(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Inserts the key as IN_PROGRESS for {@code owner}.
   *
   * @throws org.springframework.dao.DuplicateKeyException if the key exists
   */
  void insert(Claim claim) {
    jdbc.sql(INSERT).paramSource(claim).update();
  }

  Optional<IdempotencyRecord> find(String scope, String key) {
    return jdbc.sql(SELECT)
        .param("scope", scope)
        .param("key", key)
        .query(IdempotencyRecords::map)
        .optional();
  }

  boolean takeOver(Claim claim) {
    return jdbc.sql(TAKE_OVER).paramSource(claim).update() == 1;
  }

  boolean complete(String scope, String key, String owner, int status, String body) {
    return jdbc.sql(COMPLETE)
            .param("scope", scope)
            .param("key", key)
            .param("owner", owner)
            .param("status", status)
            .param("body", body)
            .update()
        == 1;
  }

  void release(String scope, String key, String owner) {
    jdbc.sql(RELEASE).param("scope", scope).param("key", key).param("owner", owner).update();
  }

  /** Deletes up to {@code limit} expired keys; returns how many went. */
  int deleteExpired(Instant now, int limit) {
    List<Long> ids =
        jdbc.sql(SELECT_EXPIRED)
            .param("now", SqlTime.toColumn(now))
            .param("limit", limit)
            .query(Long.class)
            .list();
    if (ids.isEmpty()) {
      return 0;
    }
    return jdbc.sql(DELETE_BY_IDS).param("ids", ids).param("now", SqlTime.toColumn(now)).update();
  }

  /** The values of an insert or a take-over, named as the SQL names them. */
  record Claim(
      String scope,
      String key,
      String fingerprint,
      String requestBody,
      String owner,
      java.time.LocalDateTime lockedUntil,
      java.time.LocalDateTime now,
      java.time.LocalDateTime expiresAt) {}

  private static IdempotencyRecord map(ResultSet rs, int row) throws SQLException {
    return new IdempotencyRecord(
        rs.getString("scope"),
        rs.getString("idem_key"),
        rs.getString("fingerprint"),
        rs.getString("request_body"),
        rs.getString("state"),
        rs.getString("owner_token"),
        SqlTime.fromColumn(rs, "locked_until"),
        rs.getObject("response_status", Integer.class),
        rs.getString("response_body"),
        SqlTime.fromColumn(rs, "expires_at"));
  }
}
