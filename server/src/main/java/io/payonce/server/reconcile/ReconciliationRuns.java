package io.payonce.server.reconcile;

import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Reconciliation runs on JdbcClient. Every change after the insert is conditional on the caller
 * holding the run's lease ({@code lease_owner = :owner}): a row count of 0 means the lease was lost
 * to another instance, which then owns the run.
 */
@Repository
class ReconciliationRuns {

  private static final String COLUMNS =
      """
      SELECT id, channel, bill_date, source, status, phase, attempt, rows_staged, rows_total,
             rows_processed, last_line_no, matched_count, channel_only_count, local_only_count,
             amount_mismatch_count, duplicate_count, unknown_trade_count, refund_count,
             bad_row_count, refund_mismatch_count, error, started_at, finished_at, lease_owner, lease_until,
             channel_config
      FROM reconciliation_run
      """;

  private static final String SELECT_BY_ID = COLUMNS + "WHERE id = :id";

  private static final String SELECT_BY_DAY =
      COLUMNS
          + """
          WHERE channel = :channel
            AND channel_config = :channelConfig
            AND bill_date = :billDate
          """;

  private static final String SELECT_RECENT =
      COLUMNS
          + """
          ORDER BY bill_date DESC, id DESC
          LIMIT :limit
          """;

  private static final String SELECT_ABANDONED =
      COLUMNS
          + """
          WHERE status = 'RUNNING'
            AND lease_until < :now
          ORDER BY id
          """;

  private static final String INSERT =
      """
      INSERT INTO reconciliation_run (channel, channel_config, bill_date, source, status, phase, attempt,
             rows_staged, rows_processed, last_line_no, matched_count, channel_only_count,
             local_only_count, amount_mismatch_count, duplicate_count, unknown_trade_count,
             refund_count, bad_row_count, started_at, lease_owner, lease_until)
      VALUES (:channel, :channelConfig, :billDate, :source, 'RUNNING', 'STAGING', 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
              0, :now, :owner, :until)
      """;

  // A finished run is started again under a new attempt; its outcomes are recomputed from zero.
  private static final String RESTART =
      """
      UPDATE reconciliation_run
      SET status = 'RUNNING',
          phase = 'STAGING',
          source = :source,
          attempt = attempt + 1,
          rows_staged = 0,
          rows_total = NULL,
          rows_processed = 0,
          last_line_no = 0,
          matched_count = 0,
          channel_only_count = 0,
          local_only_count = 0,
          amount_mismatch_count = 0,
          duplicate_count = 0,
          unknown_trade_count = 0,
          refund_count = 0,
          refund_mismatch_count = 0,
          bad_row_count = 0,
          error = NULL,
          started_at = :now,
          finished_at = NULL,
          lease_owner = :owner,
          lease_until = :until
      WHERE id = :id
        AND status IN ('COMPLETED', 'FAILED')
      """;

  private static final String CLAIM =
      """
      UPDATE reconciliation_run
      SET lease_owner = :owner,
          lease_until = :until
      WHERE id = :id
        AND status = 'RUNNING'
        AND (lease_until < :now OR lease_owner = :owner)
      """;

  private static final String RESTAGE =
      """
      UPDATE reconciliation_run
      SET rows_staged = 0,
          bad_row_count = 0,
          lease_until = :until
      WHERE id = :id
        AND lease_owner = :owner
        AND phase = 'STAGING'
      """;

  private static final String STAGED_SO_FAR =
      """
      UPDATE reconciliation_run
      SET rows_staged = :staged,
          bad_row_count = :bad,
          lease_until = :until
      WHERE id = :id
        AND lease_owner = :owner
        AND phase = 'STAGING'
      """;

  private static final String START_MATCHING =
      """
      UPDATE reconciliation_run
      SET phase = 'MATCHING',
          rows_staged = :staged,
          rows_total = :total,
          bad_row_count = :bad,
          lease_until = :until
      WHERE id = :id
        AND lease_owner = :owner
        AND phase = 'STAGING'
      """;

  private static final String CHECKPOINT =
      """
      UPDATE reconciliation_run
      SET matched_count = matched_count + :matched,
          channel_only_count = channel_only_count + :channelOnly,
          amount_mismatch_count = amount_mismatch_count + :amountMismatch,
          duplicate_count = duplicate_count + :duplicate,
          unknown_trade_count = unknown_trade_count + :unknownTrade,
          refund_count = refund_count + :refund,
          refund_mismatch_count = refund_mismatch_count + :refundMismatch,
          rows_processed = rows_processed + :processed,
          last_line_no = :lastLineNo,
          lease_until = :until
      WHERE id = :id
        AND lease_owner = :owner
        AND phase = 'MATCHING'
        AND last_line_no < :lastLineNo
      """;

  private static final String START_LOCAL_ONLY =
      """
      UPDATE reconciliation_run
      SET phase = 'LOCAL_ONLY',
          lease_until = :until
      WHERE id = :id
        AND lease_owner = :owner
        AND phase = 'MATCHING'
      """;

  private static final String RENEW =
      """
      UPDATE reconciliation_run
      SET lease_until = :until
      WHERE id = :id
        AND lease_owner = :owner
        AND status = 'RUNNING'
      """;

  private static final String COMPLETE =
      """
      UPDATE reconciliation_run
      SET status = 'COMPLETED',
          phase = 'DONE',
          local_only_count = :localOnly,
          finished_at = :now,
          lease_owner = NULL,
          lease_until = NULL
      WHERE id = :id
        AND lease_owner = :owner
        AND phase = 'LOCAL_ONLY'
      """;

  private static final String FAIL =
      """
      UPDATE reconciliation_run
      SET status = 'FAILED',
          phase = 'DONE',
          error = :error,
          finished_at = :now,
          lease_owner = NULL,
          lease_until = NULL
      WHERE id = :id
        AND lease_owner = :owner
        AND status = 'RUNNING'
      """;

  private final JdbcClient jdbc;

  ReconciliationRuns(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  Optional<ReconciliationRun> find(long id) {
    return jdbc.sql(SELECT_BY_ID).param("id", id).query(ReconciliationRuns::run).optional();
  }

  Optional<ReconciliationRun> find(String channel, String channelConfig, LocalDate billDate) {
    return jdbc.sql(SELECT_BY_DAY)
        .param("channel", channel)
        .param("channelConfig", channelConfig)
        .param("billDate", billDate)
        .query(ReconciliationRuns::run)
        .optional();
  }

  List<ReconciliationRun> recent(int limit) {
    return jdbc.sql(SELECT_RECENT).param("limit", limit).query(ReconciliationRuns::run).list();
  }

  /** Running runs whose holder stopped renewing its lease: it died, or was stopped. */
  List<ReconciliationRun> abandoned(Instant now) {
    return jdbc.sql(SELECT_ABANDONED)
        .param("now", SqlTime.toColumn(now))
        .query(ReconciliationRuns::run)
        .list();
  }

  /** Inserts the day's run, leased to {@code owner}; a run of that day raises DuplicateKey. */
  void insert(
      String channel,
      String channelConfig,
      LocalDate billDate,
      RunSource source,
      String owner,
      Instant now,
      Instant until) {
    jdbc.sql(INSERT)
        .param("channel", channel)
        .param("channelConfig", channelConfig)
        .param("billDate", billDate)
        .param("source", source.name())
        .param("owner", owner)
        .param("now", SqlTime.toColumn(now))
        .param("until", SqlTime.toColumn(until))
        .update();
  }

  boolean restart(long id, RunSource source, String owner, Instant now, Instant until) {
    return jdbc.sql(RESTART)
            .param("id", id)
            .param("source", source.name())
            .param("owner", owner)
            .param("now", SqlTime.toColumn(now))
            .param("until", SqlTime.toColumn(until))
            .update()
        == 1;
  }

  /** Takes a running run whose lease ran out (or renews one's own). */
  boolean claim(long id, String owner, Instant now, Instant until) {
    return jdbc.sql(CLAIM)
            .param("id", id)
            .param("owner", owner)
            .param("now", SqlTime.toColumn(now))
            .param("until", SqlTime.toColumn(until))
            .update()
        == 1;
  }

  boolean restage(long id, String owner, Instant until) {
    return leased(RESTAGE, id, owner, until).update() == 1;
  }

  boolean stagedSoFar(long id, String owner, long staged, long bad, Instant until) {
    return leased(STAGED_SO_FAR, id, owner, until)
            .param("staged", staged)
            .param("bad", bad)
            .update()
        == 1;
  }

  boolean startMatching(long id, String owner, long staged, long total, long bad, Instant until) {
    return leased(START_MATCHING, id, owner, until)
            .param("staged", staged)
            .param("total", total)
            .param("bad", bad)
            .update()
        == 1;
  }

  /** Adds a matched page's counts and moves the checkpoint past it, in the caller's transaction. */
  boolean checkpoint(
      long id, String owner, Map<Outcome, Long> counts, long lastLineNo, Instant until) {
    long processed = counts.values().stream().mapToLong(Long::longValue).sum();
    return leased(CHECKPOINT, id, owner, until)
            .param("matched", counts.getOrDefault(Outcome.MATCHED, 0L))
            .param("channelOnly", counts.getOrDefault(Outcome.CHANNEL_ONLY_SUCCESS, 0L))
            .param("amountMismatch", counts.getOrDefault(Outcome.AMOUNT_MISMATCH, 0L))
            .param("duplicate", counts.getOrDefault(Outcome.DUPLICATE_PAYMENT, 0L))
            .param("unknownTrade", counts.getOrDefault(Outcome.UNKNOWN_TRADE, 0L))
            .param("refund", counts.getOrDefault(Outcome.REFUND_MATCHED, 0L))
            .param("refundMismatch", counts.getOrDefault(Outcome.REFUND_MISMATCH, 0L))
            .param("processed", processed)
            .param("lastLineNo", lastLineNo)
            .update()
        == 1;
  }

  boolean startLocalOnly(long id, String owner, Instant until) {
    return leased(START_LOCAL_ONLY, id, owner, until).update() == 1;
  }

  boolean renew(long id, String owner, Instant until) {
    return leased(RENEW, id, owner, until).update() == 1;
  }

  boolean complete(long id, String owner, long localOnly, Instant now) {
    return jdbc.sql(COMPLETE)
            .param("id", id)
            .param("owner", owner)
            .param("localOnly", localOnly)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  boolean fail(long id, String owner, String error, Instant now) {
    return jdbc.sql(FAIL)
            .param("id", id)
            .param("owner", owner)
            .param("error", error.length() > 1000 ? error.substring(0, 1000) : error)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  private JdbcClient.StatementSpec leased(String sql, long id, String owner, Instant until) {
    return jdbc.sql(sql)
        .param("id", id)
        .param("owner", owner)
        .param("until", SqlTime.toColumn(until));
  }

  private static ReconciliationRun run(ResultSet rs, int row) throws SQLException {
    Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    counts.put(Outcome.MATCHED, rs.getLong("matched_count"));
    counts.put(Outcome.CHANNEL_ONLY_SUCCESS, rs.getLong("channel_only_count"));
    counts.put(Outcome.LOCAL_ONLY_SUCCESS, rs.getLong("local_only_count"));
    counts.put(Outcome.AMOUNT_MISMATCH, rs.getLong("amount_mismatch_count"));
    counts.put(Outcome.DUPLICATE_PAYMENT, rs.getLong("duplicate_count"));
    counts.put(Outcome.UNKNOWN_TRADE, rs.getLong("unknown_trade_count"));
    counts.put(Outcome.REFUND_MATCHED, rs.getLong("refund_count"));
    counts.put(Outcome.REFUND_MISMATCH, rs.getLong("refund_mismatch_count"));
    counts.put(Outcome.BAD_ROW, rs.getLong("bad_row_count"));
    long total = rs.getLong("rows_total");
    Long rowsTotal = rs.wasNull() ? null : total;
    return new ReconciliationRun(
        rs.getLong("id"),
        rs.getString("channel"),
        rs.getObject("bill_date", LocalDate.class),
        RunSource.valueOf(rs.getString("source")),
        RunStatus.valueOf(rs.getString("status")),
        RunPhase.valueOf(rs.getString("phase")),
        rs.getInt("attempt"),
        rs.getLong("rows_staged"),
        rowsTotal,
        rs.getLong("rows_processed"),
        rs.getLong("last_line_no"),
        counts,
        rs.getString("error"),
        SqlTime.fromColumn(rs, "started_at"),
        SqlTime.fromColumn(rs, "finished_at"),
        rs.getString("lease_owner"),
        SqlTime.fromColumn(rs, "lease_until"),
        rs.getString("channel_config"));
  }
}
