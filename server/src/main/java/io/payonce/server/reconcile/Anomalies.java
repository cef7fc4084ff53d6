package io.payonce.server.reconcile;

import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reconciliation anomalies; joins the caller's transaction. One row per (run, kind, reference):
 * finding it again only stamps the current attempt on it, so a re-run keeps an operator's
 * resolution and raises no second alarm.
 */
@Repository
class Anomalies {

  private static final String COLUMNS =
      """
      SELECT id, run_id, kind, reference, out_trade_no, detail, created_at, resolved_at, resolution
      FROM reconciliation_anomaly
      """;

  private static final String SELECT_PAGE =
      COLUMNS
          + """
          WHERE run_id = :runId
            AND id > :after
            AND (:resolved IS NULL
                 OR (:resolved = 1 AND resolved_at IS NOT NULL)
                 OR (:resolved = 0 AND resolved_at IS NULL))
          ORDER BY id
          LIMIT :limit
          """;

  private static final String SELECT_ONE =
      COLUMNS
          + """
          WHERE run_id = :runId
            AND id = :id
          """;

  private static final String SEEN_AGAIN =
      """
      UPDATE reconciliation_anomaly
      SET attempt = :attempt,
          detail = :detail
      WHERE run_id = :runId
        AND kind = :kind
        AND reference = :reference
      """;

  private static final String INSERT =
      """
      INSERT INTO reconciliation_anomaly (run_id, kind, reference, out_trade_no, detail, attempt,
                                          created_at, resolved_at, resolution)
      VALUES (:runId, :kind, :reference, :outTradeNo, :detail, :attempt, :now, :resolvedAt,
              :resolution)
      """;

  private static final String RESOLVE =
      """
      UPDATE reconciliation_anomaly
      SET resolved_at = :now,
          resolution = :comment
      WHERE run_id = :runId
        AND id = :id
        AND resolved_at IS NULL
      """;

  // Open anomalies an attempt no longer finds were settled meanwhile; resolved ones stay as
  // history.
  private static final String DROP_STALE =
      """
      DELETE FROM reconciliation_anomaly
      WHERE run_id = :runId
        AND attempt < :attempt
        AND resolved_at IS NULL
      """;

  private final JdbcClient jdbc;

  Anomalies(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Records a verdict for this attempt; true if it was not known before (the caller then raises its
   * alarm, in the same transaction).
   */
  boolean record(long runId, int attempt, Verdict verdict, Instant now) {
    String detail = clip(verdict.detail());
    int updated =
        jdbc.sql(SEEN_AGAIN)
            .param("runId", runId)
            .param("kind", verdict.outcome().name())
            .param("reference", verdict.reference())
            .param("attempt", attempt)
            .param("detail", detail, Types.VARCHAR)
            .update();
    if (updated > 0) {
      return false;
    }
    boolean settled = verdict.settled() != null;
    jdbc.sql(INSERT)
        .param("runId", runId)
        .param("kind", verdict.outcome().name())
        .param("reference", verdict.reference())
        .param("outTradeNo", verdict.outTradeNo(), Types.VARCHAR)
        .param("detail", detail, Types.VARCHAR)
        .param("attempt", attempt)
        .param("now", SqlTime.toColumn(now))
        .param("resolvedAt", settled ? SqlTime.toColumn(now) : null, Types.TIMESTAMP)
        .param("resolution", verdict.settled(), Types.VARCHAR)
        .update();
    return true;
  }

  /** A page of a run's anomalies after {@code afterId}; {@code resolved} null means all. */
  List<Anomaly> page(long runId, Boolean resolved, long afterId, int limit) {
    return jdbc.sql(SELECT_PAGE)
        .param("runId", runId)
        .param("resolved", resolved == null ? null : resolved ? 1 : 0, Types.INTEGER)
        .param("after", afterId)
        .param("limit", limit)
        .query(Anomalies::anomaly)
        .list();
  }

  Optional<Anomaly> find(long runId, long id) {
    return jdbc.sql(SELECT_ONE)
        .param("runId", runId)
        .param("id", id)
        .query(Anomalies::anomaly)
        .optional();
  }

  boolean resolve(long runId, long id, String comment, Instant now) {
    return jdbc.sql(RESOLVE)
            .param("runId", runId)
            .param("id", id)
            .param("comment", clip(comment))
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  int dropStale(long runId, int attempt) {
    return jdbc.sql(DROP_STALE).param("runId", runId).param("attempt", attempt).update();
  }

  private static String clip(String text) {
    return text == null || text.length() <= 1000 ? text : text.substring(0, 1000);
  }

  private static Anomaly anomaly(ResultSet rs, int row) throws SQLException {
    return new Anomaly(
        rs.getLong("id"),
        rs.getLong("run_id"),
        Outcome.valueOf(rs.getString("kind")),
        rs.getString("reference"),
        rs.getString("out_trade_no"),
        rs.getString("detail"),
        SqlTime.fromColumn(rs, "created_at"),
        SqlTime.fromColumn(rs, "resolved_at"),
        rs.getString("resolution"));
  }
}
