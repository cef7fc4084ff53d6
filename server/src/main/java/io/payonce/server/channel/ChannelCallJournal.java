package io.payonce.server.channel;

import io.payonce.server.db.SqlTime;
import io.payonce.server.log.Untrusted;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * Keeps every channel call in {@code channel_call}, written through the {@link
 * io.payonce.server.audit.AuditTrail} (batched, off the money path).
 */
@Component
public class ChannelCallJournal implements ChannelCallListener {

  private static final String INSERT =
      """
      INSERT INTO channel_call (channel, method, out_trade_no, outcome, detail, started_at, took_ms)
      VALUES (:channel, :method, :outTradeNo, :outcome, :detail, :startedAt, :tookMs)
      """;

  private static final String SELECT_BY_OUT_TRADE_NO =
      """
      SELECT channel, method, out_trade_no, outcome, detail, started_at, took_ms
      FROM channel_call
      WHERE out_trade_no = :outTradeNo
      ORDER BY id
      """;

  private final JdbcClient jdbc;
  private final io.payonce.server.audit.AuditTrail audit;

  ChannelCallJournal(JdbcClient jdbc, io.payonce.server.audit.AuditTrail audit) {
    this.jdbc = jdbc;
    this.audit = audit;
  }

  @Override
  public void onCall(ChannelCall call) {
    audit.submit(jdbc -> insert(jdbc, call));
  }

  private static void insert(JdbcClient jdbc, ChannelCall call) {
    // The detail quotes the channel's answer: kept as far as the column allows, never trusted.
    jdbc.sql(INSERT)
        .param("channel", call.channel())
        .param("method", Untrusted.clip(call.method(), 64))
        .param("outTradeNo", Untrusted.clip(call.outTradeNo(), 64), java.sql.Types.VARCHAR)
        .param("outcome", call.outcome())
        .param("detail", Untrusted.clip(call.detail(), 1000), java.sql.Types.VARCHAR)
        .param("startedAt", SqlTime.toColumn(call.startedAt()))
        .param("tookMs", call.took().toMillis())
        .update();
  }

  /** The calls made about one payment, oldest first. */
  public List<ChannelCall> callsFor(String outTradeNo) {
    return jdbc.sql(SELECT_BY_OUT_TRADE_NO)
        .param("outTradeNo", outTradeNo)
        .query(ChannelCallJournal::map)
        .list();
  }

  private static ChannelCall map(ResultSet rs, int row) throws SQLException {
    return new ChannelCall(
        rs.getString("channel"),
        rs.getString("method"),
        rs.getString("out_trade_no"),
        rs.getString("outcome"),
        rs.getString("detail"),
        SqlTime.fromColumn(rs, "started_at"),
        Duration.ofMillis(rs.getLong("took_ms")));
  }
}
