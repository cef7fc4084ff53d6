package io.payonce.server.reconcile;

import io.payonce.server.channel.BillLine;
import io.payonce.server.db.SqlTime;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Staged bill rows. Matching and the local-only pass read them page by page (keyset on line number
 * or journal id), so neither the bill nor our day's payments are ever held in memory.
 */
@Repository
class BillLines {

  private static final String INSERT =
      """
      INSERT INTO reconciliation_line (run_id, line_no, kind, trade_no, out_trade_no, amount_minor,
                                       out_request_no, finished_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """;

  private static final String DELETE_RUN =
      """
      DELETE FROM reconciliation_line
      WHERE run_id = :runId
      """;

  private static final String DELETE_BEFORE =
      """
      DELETE FROM reconciliation_line
      WHERE run_id IN (SELECT id
                       FROM reconciliation_run
                       WHERE channel = :channel
                         AND bill_date < :before)
      """;

  // A refund row is ours when its request number is one of our refunds' — or when the trade was
  // reversed by our cancel, whose refund the channel numbers itself (a reversed payment has no
  // other refund: the reversal took it all).
  // Pages are ranges of line numbers (contiguous from 1), not "the next N rows": a freshly staged
  // table has no statistics, and an open-ended range made PostgreSQL sort the whole rest per page.
  // The two flags are index probes per row (journal by aggregate, payment by order): they let a
  // re-run give the same outcome for a payment reconciliation itself repaired, and spot a second
  // success for one order, without a query per row from here.
  private static final String PAGE =
      """
      SELECT l.line_no, l.kind, l.trade_no, l.out_trade_no, l.amount_minor, l.out_request_no,
             l.finished_at, p.pay_id, p.status, p.amount_minor AS local_amount,
             r.status AS refund_status, r.amount_minor AS refund_amount,
             CASE WHEN EXISTS (SELECT 1
                               FROM journal j
                               WHERE j.aggregate = 'PAYMENT'
                                 AND j.aggregate_id = p.pay_id
                                 AND j.to_status = 'SUCCESS'
                                 AND j.source = 'RECONCILE')
                  THEN 1 ELSE 0 END AS repaired,
             CASE WHEN EXISTS (SELECT 1
                               FROM payment o
                               WHERE o.order_id = p.order_id
                                 AND o.pay_id <> p.pay_id
                                 AND o.status = 'SUCCESS')
                  THEN 1 ELSE 0 END AS other_success
      FROM reconciliation_line l
      LEFT JOIN payment p ON p.out_trade_no = l.out_trade_no
      LEFT JOIN refund r ON r.pay_id = p.pay_id
                        AND (r.out_request_no = l.out_request_no OR r.kind = 'REVERSAL')
      WHERE l.run_id = :runId
        AND l.line_no > :after
        AND l.line_no <= :upTo
        AND l.kind IN ('PAYMENT', 'REFUND')
      ORDER BY l.line_no
      """;

  // A success recorded just after midnight may be the previous day's payment: it is missing only
  // if the previous day's bill (still staged) lacks it too. A bill is one account's (the bootstrap
  // configuration's or an app's own): payments made under another account are in that account's
  // bill, and are not counted missing from this one.
  private static final String LOCAL_ONLY_PAGE =
      """
      SELECT j.id AS journal_id, p.out_trade_no, p.amount_minor, j.occurred_at
      FROM journal j
      JOIN payment p ON p.pay_id = j.aggregate_id
      WHERE j.aggregate = 'PAYMENT'
        AND j.to_status = 'SUCCESS'
        AND j.occurred_at >= :from
        AND j.occurred_at < :until
        AND j.id > :after
        AND p.channel = :channel
        AND COALESCE(p.channel_config, 'bootstrap') = :channelConfig
        AND NOT EXISTS (SELECT 1
                        FROM reconciliation_line l
                        WHERE l.run_id = :runId
                          AND l.out_trade_no = p.out_trade_no)
        AND (j.occurred_at >= :marginEnd
             OR NOT EXISTS (SELECT 1
                            FROM reconciliation_line l
                            WHERE l.run_id = :previousRunId
                              AND l.out_trade_no = p.out_trade_no))
      ORDER BY j.id
      LIMIT :limit
      """;

  private final JdbcClient jdbc;
  private final JdbcTemplate batch;

  BillLines(JdbcClient jdbc, JdbcTemplate batch) {
    this.jdbc = jdbc;
    this.batch = batch;
  }

  void insert(long runId, List<BillLine> lines) {
    batch.batchUpdate(
        INSERT,
        lines,
        lines.size(),
        (PreparedStatement ps, BillLine line) -> {
          ps.setLong(1, runId);
          ps.setLong(2, line.lineNo());
          ps.setString(3, line.kind().name());
          ps.setString(4, line.tradeNo());
          ps.setString(5, line.outTradeNo());
          if (line.kind() == BillLine.Kind.BAD) {
            ps.setNull(6, Types.BIGINT);
          } else {
            ps.setLong(6, line.amountMinor());
          }
          ps.setString(7, line.outRequestNo());
          ps.setObject(8, SqlTime.toColumn(line.finishedAt()), Types.TIMESTAMP);
        });
  }

  void deleteRun(long runId) {
    jdbc.sql(DELETE_RUN).param("runId", runId).update();
  }

  /** Drops the staged rows of a channel's bill days before {@code before}. */
  int deleteBefore(String channel, LocalDate before) {
    return jdbc.sql(DELETE_BEFORE).param("channel", channel).param("before", before).update();
  }

  /** The payment and refund rows numbered in (afterLineNo, upToLineNo], in order. */
  List<StagedLine> page(long runId, long afterLineNo, long upToLineNo) {
    return jdbc.sql(PAGE)
        .param("runId", runId)
        .param("after", afterLineNo)
        .param("upTo", upToLineNo)
        .query(BillLines::staged)
        .list();
  }

  List<LocalSuccess> localOnlyPage(
      LocalOnlyWindow window, long runId, long previousRunId, long afterJournalId, int limit) {
    return jdbc.sql(LOCAL_ONLY_PAGE)
        .param("channel", window.channel())
        .param("channelConfig", window.channelConfig())
        .param("from", SqlTime.toColumn(window.from()))
        .param("until", SqlTime.toColumn(window.until()))
        .param("marginEnd", SqlTime.toColumn(window.marginEnd()))
        .param("runId", runId)
        .param("previousRunId", previousRunId)
        .param("after", afterJournalId)
        .param("limit", limit)
        .query(
            (rs, row) ->
                new LocalSuccess(
                    rs.getLong("journal_id"),
                    rs.getString("out_trade_no"),
                    rs.getLong("amount_minor"),
                    SqlTime.fromColumn(rs, "occurred_at")))
        .list();
  }

  private static StagedLine staged(ResultSet rs, int row) throws SQLException {
    Instant finishedAt = SqlTime.fromColumn(rs, "finished_at");
    BillLine line =
        new BillLine(
            rs.getLong("line_no"),
            BillLine.Kind.valueOf(rs.getString("kind")),
            rs.getString("trade_no"),
            rs.getString("out_trade_no"),
            rs.getLong("amount_minor"),
            rs.getString("out_request_no"),
            finishedAt);
    long payId = rs.getLong("pay_id");
    boolean found = !rs.wasNull();
    long localAmount = rs.getLong("local_amount");
    long refundAmount = rs.getLong("refund_amount");
    boolean refundFound = !rs.wasNull();
    return new StagedLine(
        line,
        found ? payId : null,
        rs.getString("status"),
        found ? localAmount : null,
        rs.getInt("repaired") == 1,
        rs.getInt("other_success") == 1,
        rs.getString("refund_status"),
        refundFound ? refundAmount : null);
  }
}
