package io.payonce.server.outbox;

import io.payonce.server.db.SqlTime;
import io.payonce.server.db.UpdateReturning;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The relay's side of the outbox table. Rows are claimed by a conditional UPDATE (no row lock is
 * held while publishing; on PostgreSQL it returns what it took, see {@link UpdateReturning}), never
 * by reading from a high-water mark: a row committed late, with a lower id than one already
 * published, is still found because every pass looks at all unpublished rows.
 */
@Repository
class OutboxClaims {

  // The whole rows: when the claim takes every one of them, they need not be read again.
  private static final String SELECT_CANDIDATES =
      """
      SELECT id, aggregate, aggregate_id, event_type, payload, created_at, event_id, order_no,
             out_trade_no, attempts
      FROM outbox
      WHERE published_at IS NULL
        AND (claim_until IS NULL OR claim_until < :now)
      ORDER BY id
      LIMIT :limit
      """;

  // The row count is the claim: a row another instance claimed first is not updated again.
  private static final String CLAIM =
      """
      UPDATE outbox
      SET claim_token = :token,
          claim_until = :until,
          attempts = attempts + 1
      WHERE id IN (:ids)
        AND published_at IS NULL
        AND (claim_until IS NULL OR claim_until < :now)
      """;

  // The claim and what it took, where the database has UPDATE … RETURNING: the rows this UPDATE
  // changed are exactly the ones its token took, with their attempts as it counted them; the rest
  // of each row is the candidate's.
  private static final String CLAIM_RETURNING = CLAIM + "RETURNING id, attempts";

  // By the ids as well as the token: no index covers claim_token (a claim's UPDATE writes no
  // index, V85), the primary key finds the rows.
  private static final String SELECT_CLAIMED =
      """
      SELECT id, aggregate, aggregate_id, event_type, payload, created_at, event_id, order_no,
             out_trade_no, attempts
      FROM outbox
      WHERE id IN (:ids)
        AND claim_token = :token
        AND published_at IS NULL
      ORDER BY id
      """;

  // A confirmed row is published whoever holds its claim now: the broker has it.
  private static final String MARK_PUBLISHED =
      """
      UPDATE outbox
      SET published_at = :now,
          claim_token = NULL,
          claim_until = NULL
      WHERE id IN (:ids)
        AND published_at IS NULL
      """;

  private static final String RETRY_AFTER =
      """
      UPDATE outbox
      SET claim_token = NULL,
          claim_until = :notBefore
      WHERE id = :id
        AND claim_token = :token
        AND published_at IS NULL
      """;

  private static final String COUNT_PENDING =
      """
      SELECT COUNT(*)
      FROM outbox
      WHERE published_at IS NULL
      """;

  private final JdbcClient jdbc;
  private final UpdateReturning returning;

  OutboxClaims(JdbcClient jdbc, UpdateReturning returning) {
    this.jdbc = jdbc;
    this.returning = returning;
  }

  /**
   * Claims up to {@code limit} unpublished rows until {@code until}; returns them, oldest first.
   */
  Claim claim(int limit, Instant now, Instant until) {
    List<ClaimedRow> candidates =
        jdbc.sql(SELECT_CANDIDATES)
            .param("now", SqlTime.toColumn(now))
            .param("limit", limit)
            .query(OutboxClaims::claimed)
            .list();
    String token = UUID.randomUUID().toString();
    if (candidates.isEmpty()) {
      return new Claim(token, List.of());
    }
    List<Long> ids = candidates.stream().map(ClaimedRow::id).toList();
    List<ClaimedRow> rows =
        returning.changed(
            () -> taken(candidates, claimParams(CLAIM_RETURNING, token, ids, now, until)),
            () -> claimParams(CLAIM, token, ids, now, until).update(),
            claimed ->
                // Every row is this claim's, its attempts counted once more by it: no other
                // instance's claim can have come between (it would have left the row out of this
                // one).
                claimed == candidates.size()
                    ? candidates.stream().map(ClaimedRow::claimedOnceMore).toList()
                    : jdbc.sql(SELECT_CLAIMED)
                        .param("ids", ids)
                        .param("token", token)
                        .query(OutboxClaims::claimed)
                        .list());
    return new Claim(token, rows);
  }

  private JdbcClient.StatementSpec claimParams(
      String sql, String token, List<Long> ids, Instant now, Instant until) {
    return jdbc.sql(sql)
        .param("token", token)
        .param("until", SqlTime.toColumn(until))
        .param("ids", ids)
        .param("now", SqlTime.toColumn(now));
  }

  // The candidates the claim returned (id and attempts), oldest first as they were read.
  private static List<ClaimedRow> taken(
      List<ClaimedRow> candidates, JdbcClient.StatementSpec claimReturning) {
    Map<Long, Integer> attempts =
        claimReturning
            .query((rs, row) -> Map.entry(rs.getLong("id"), rs.getInt("attempts")))
            .list()
            .stream()
            .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue));
    return candidates.stream()
        .filter(row -> attempts.containsKey(row.id()))
        .map(row -> row.withAttempts(attempts.get(row.id())))
        .toList();
  }

  void markPublished(Collection<Long> ids, Instant now) {
    if (!ids.isEmpty()) {
      jdbc.sql(MARK_PUBLISHED).param("ids", ids).param("now", SqlTime.toColumn(now)).update();
    }
  }

  /** Gives a claimed row back, not to be retried before {@code notBefore}. */
  void retryAfter(long id, String token, Instant notBefore) {
    jdbc.sql(RETRY_AFTER)
        .param("id", id)
        .param("token", token)
        .param("notBefore", SqlTime.toColumn(notBefore))
        .update();
  }

  long pending() {
    return jdbc.sql(COUNT_PENDING).query(Long.class).single();
  }

  /** The rows one claim took; {@code token} identifies it. */
  record Claim(String token, List<ClaimedRow> rows) {}

  /** A claimed row with what the envelope needs. */
  record ClaimedRow(
      long id,
      String aggregate,
      long aggregateId,
      String eventType,
      String payload,
      Instant createdAt,
      String eventId,
      String orderNo,
      String outTradeNo,
      int attempts) {

    ClaimedRow claimedOnceMore() {
      return withAttempts(attempts + 1);
    }

    ClaimedRow withAttempts(int counted) {
      return new ClaimedRow(
          id,
          aggregate,
          aggregateId,
          eventType,
          payload,
          createdAt,
          eventId,
          orderNo,
          outTradeNo,
          counted);
    }
  }

  private static ClaimedRow claimed(ResultSet rs, int row) throws SQLException {
    return new ClaimedRow(
        rs.getLong("id"),
        rs.getString("aggregate"),
        rs.getLong("aggregate_id"),
        rs.getString("event_type"),
        rs.getString("payload"),
        SqlTime.fromColumn(rs, "created_at"),
        rs.getString("event_id"),
        rs.getString("order_no"),
        rs.getString("out_trade_no"),
        rs.getInt("attempts"));
  }
}
