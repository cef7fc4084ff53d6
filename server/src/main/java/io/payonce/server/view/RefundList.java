package io.payonce.server.view;

import io.payonce.server.db.SqlTime;
import io.payonce.server.money.Money;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/** The latest refunds of every app, for the console's refunds page, optionally of one status. */
@Service
public class RefundList {

  public static final int LIMIT = 200;

  private static final String SELECT =
      """
      SELECT r.out_trade_no, r.out_request_no, r.amount_minor, r.currency, r.kind, r.status,
             r.reason, r.detail, r.created_at, r.updated_at, o.order_no, o.app_id
      FROM refund r
      JOIN orders o ON o.id = r.order_id
      """;

  private final JdbcClient jdbc;

  RefundList(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** One refund with its order's keys. */
  public record Line(
      String outTradeNo,
      String outRequestNo,
      String orderNo,
      String appId,
      String amount,
      String currency,
      String kind,
      String status,
      String reason,
      String detail,
      Instant createdAt,
      Instant updatedAt) {}

  @ConsistentRead
  public List<Line> latest(String status) {
    boolean filtered = status != null && !status.isBlank();
    var sql =
        jdbc.sql(
            SELECT
                + (filtered ? " WHERE r.status = :status" : "")
                + " ORDER BY r.id DESC LIMIT "
                + LIMIT);
    if (filtered) {
      sql = sql.param("status", status.trim());
    }
    return sql.query(
            (rs, row) ->
                new Line(
                    rs.getString("out_trade_no"),
                    rs.getString("out_request_no"),
                    rs.getString("order_no"),
                    rs.getString("app_id"),
                    Money.ofMinor(rs.getLong("amount_minor"), rs.getString("currency"))
                        .toDecimalString(),
                    rs.getString("currency"),
                    rs.getString("kind"),
                    rs.getString("status"),
                    rs.getString("reason"),
                    rs.getString("detail"),
                    SqlTime.fromColumn(rs, "created_at"),
                    SqlTime.fromColumn(rs, "updated_at")))
        .list();
  }
}
