package io.payonce.server.order;

import io.payonce.server.db.SqlTime;
import io.payonce.server.money.Money;
import java.sql.ResultSet;
import java.sql.SQLException;

/**
 * Reads an order from a result row whose order columns carry a prefix, for queries that join the
 * order with other rows (e.g. a precreate's one read of the order and its payment in flight).
 */
public final class OrderRows {

  /** The order columns, each as {@code o_<column>}, of an {@code orders} row aliased {@code o}. */
  public static final String PREFIXED_COLUMNS =
      """
      o.id AS o_id, o.app_id AS o_app_id, o.order_no AS o_order_no, o.user_id AS o_user_id,
      o.amount_minor AS o_amount_minor, o.currency AS o_currency, o.title AS o_title,
      o.status AS o_status, o.paid_by AS o_paid_by, o.created_at AS o_created_at,
      o.updated_at AS o_updated_at, o.version AS o_version
      """;

  private OrderRows() {}

  /** The order in the current row, its columns named {@code prefix + column}. */
  public static Order read(ResultSet rs, String prefix) throws SQLException {
    long paidBy = rs.getLong(prefix + "paid_by");
    Long paidById = rs.wasNull() ? null : paidBy;
    return new Order(
        rs.getLong(prefix + "id"),
        rs.getString(prefix + "app_id"),
        rs.getString(prefix + "order_no"),
        rs.getString(prefix + "user_id"),
        Money.ofMinor(rs.getLong(prefix + "amount_minor"), rs.getString(prefix + "currency")),
        rs.getString(prefix + "title"),
        OrderStatus.valueOf(rs.getString(prefix + "status")),
        paidById,
        SqlTime.fromColumn(rs, prefix + "created_at"),
        SqlTime.fromColumn(rs, prefix + "updated_at"),
        rs.getLong(prefix + "version"));
  }
}
