package io.payonce.server.view;

import io.payonce.server.db.SqlTime;
import io.payonce.server.view.Dashboard.Figure;
import io.payonce.server.view.Dashboard.InFlight;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import org.springframework.jdbc.core.RowMapper;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * Counts for the console's dashboard, straight from the tables in one snapshot. Each figure is one
 * aggregate query over an indexed or small range (today's payments, open alarms, the unpublished
 * outbox, pending refunds); nothing here is cached, the page is for people, not for polling.
 */
@Service
public class Dashboards {

  private static final String BY_STATUS =
      """
      SELECT status, currency, COUNT(*) AS n, SUM(amount_minor) AS total
      FROM payment
      WHERE created_at >= :since
      GROUP BY status, currency
      ORDER BY status, currency
      """;

  private static final String BY_CHANNEL =
      """
      SELECT channel, currency, COUNT(*) AS n, SUM(amount_minor) AS total
      FROM payment
      WHERE created_at >= :since
        AND status = 'SUCCESS'
      GROUP BY channel, currency
      ORDER BY channel, currency
      """;

  private static final String OPEN_ALARMS = "SELECT COUNT(*) FROM alarm WHERE resolved_at IS NULL";

  private static final String OUTBOX_BACKLOG =
      "SELECT COUNT(*) FROM outbox WHERE published_at IS NULL";

  private static final String OLDEST_UNPUBLISHED =
      """
      SELECT created_at FROM outbox
      WHERE published_at IS NULL
      ORDER BY id
      LIMIT 1
      """;

  private static final String PENDING_REFUNDS =
      "SELECT COUNT(*) FROM refund WHERE status = 'PENDING'";

  // Unknown: being paid, being reversed, or INIT with no call running (its lease ran out, so the
  // outcome of its call is unknown).
  private static final String OLDEST_IN_FLIGHT =
      """
      SELECT out_trade_no, status, created_at
      FROM payment
      WHERE status IN ('PAYING', 'CANCELLING')
         OR (status = 'INIT' AND (call_lease_until IS NULL OR call_lease_until < :now))
      ORDER BY pay_id
      LIMIT 1
      """;

  private final JdbcClient jdbc;
  private final Clock clock;

  Dashboards(JdbcClient jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  @ConsistentRead
  public Dashboard today() {
    Instant since =
        LocalDate.now(clock.withZone(ZoneOffset.UTC)).atStartOfDay(ZoneOffset.UTC).toInstant();
    var sinceColumn = SqlTime.toColumn(since);
    return new Dashboard(
        since,
        jdbc.sql(BY_STATUS).param("since", sinceColumn).query(figure("status")).list(),
        jdbc.sql(BY_CHANNEL).param("since", sinceColumn).query(figure("channel")).list(),
        count(OPEN_ALARMS),
        count(OUTBOX_BACKLOG),
        jdbc.sql(OLDEST_UNPUBLISHED)
            .query((rs, row) -> SqlTime.fromColumn(rs, "created_at"))
            .optional()
            .orElse(null),
        count(PENDING_REFUNDS),
        jdbc.sql(OLDEST_IN_FLIGHT)
            .param("now", SqlTime.toColumn(clock.instant()))
            .query(
                (rs, row) ->
                    new InFlight(
                        rs.getString("out_trade_no"),
                        rs.getString("status"),
                        SqlTime.fromColumn(rs, "created_at")))
            .optional()
            .orElse(null));
  }

  private static RowMapper<Figure> figure(String label) {
    return (rs, row) ->
        new Figure(
            rs.getString(label), rs.getString("currency"), rs.getLong("n"), rs.getLong("total"));
  }

  private long count(String sql) {
    return jdbc.sql(sql).query(Long.class).single();
  }
}
