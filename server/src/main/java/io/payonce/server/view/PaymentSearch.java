package io.payonce.server.view;

import io.payonce.server.db.SqlTime;
import io.payonce.server.money.Money;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Service;

/**
 * The operator's search over every app's payments: by order number, payment number, the channel's
 * trade number, buyer, day (UTC), status and app — any of them, all combined. At most {@link
 * #LIMIT} payments, newest first. Exact matches only: each field is a key the operator copied from
 * somewhere, and exact matches use the indexes on order_no, out_trade_no and trade_no.
 */
@Service
public class PaymentSearch {

  public static final int LIMIT = 100;

  private static final String SELECT =
      """
      SELECT p.out_trade_no, p.channel, p.status, p.amount_minor, p.currency, p.trade_no,
             p.created_at, o.order_no, o.app_id, o.user_id, o.status AS order_status
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      """;

  private final JdbcClient jdbc;

  PaymentSearch(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** What to look for; blank fields are not looked at. */
  public record Criteria(
      String orderNo,
      String outTradeNo,
      String tradeNo,
      String buyer,
      LocalDate day,
      String status,
      String appId) {

    public boolean isEmpty() {
      return blank(orderNo)
          && blank(outTradeNo)
          && blank(tradeNo)
          && blank(buyer)
          && day == null
          && blank(status)
          && blank(appId);
    }
  }

  /** One payment found, with its order's keys. */
  public record Found(
      String outTradeNo,
      String orderNo,
      String appId,
      String buyer,
      String channel,
      String status,
      String orderStatus,
      String amount,
      String currency,
      String tradeNo,
      Instant createdAt) {}

  @ConsistentRead
  public List<Found> search(Criteria criteria) {
    List<String> where = new ArrayList<>();
    Map<String, Object> params = new LinkedHashMap<>();
    exact(where, params, "o.order_no", "orderNo", criteria.orderNo());
    exact(where, params, "p.out_trade_no", "outTradeNo", criteria.outTradeNo());
    exact(where, params, "p.trade_no", "tradeNo", criteria.tradeNo());
    exact(where, params, "o.user_id", "buyer", criteria.buyer());
    exact(where, params, "p.status", "status", criteria.status());
    exact(where, params, "o.app_id", "appId", criteria.appId());
    if (criteria.day() != null) {
      if (!SqlTime.holds(criteria.day())) {
        // No payment was made on a day the columns cannot hold.
        return List.of();
      }
      Instant from = criteria.day().atStartOfDay(ZoneOffset.UTC).toInstant();
      where.add("p.created_at >= :from AND p.created_at < :to");
      params.put("from", SqlTime.toColumn(from));
      params.put("to", SqlTime.toColumn(from.plus(java.time.Duration.ofDays(1))));
    }
    String sql =
        SELECT
            + (where.isEmpty() ? "" : " WHERE " + String.join(" AND ", where))
            + " ORDER BY p.pay_id DESC LIMIT "
            + LIMIT;
    return jdbc.sql(sql)
        .params(params)
        .query(
            (rs, row) ->
                new Found(
                    rs.getString("out_trade_no"),
                    rs.getString("order_no"),
                    rs.getString("app_id"),
                    rs.getString("user_id"),
                    rs.getString("channel"),
                    rs.getString("status"),
                    rs.getString("order_status"),
                    Money.ofMinor(rs.getLong("amount_minor"), rs.getString("currency"))
                        .toDecimalString(),
                    rs.getString("currency"),
                    rs.getString("trade_no"),
                    SqlTime.fromColumn(rs, "created_at")))
        .list();
  }

  private static void exact(
      List<String> where, Map<String, Object> params, String column, String name, String value) {
    if (!blank(value)) {
      where.add(column + " = :" + name);
      params.put(name, value.trim());
    }
  }

  private static boolean blank(String value) {
    return value == null || value.isBlank();
  }
}
