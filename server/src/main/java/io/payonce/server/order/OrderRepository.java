package io.payonce.server.order;

import io.payonce.server.db.SqlTime;
import io.payonce.server.db.UpdateReturning;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * Orders on JdbcClient; joins the caller's transaction. Status changes go through {@link
 * OrderTransitions} only: {@link #transition} is package-private for that reason.
 */
@Repository
class OrderRepository {

  private static final String INSERT =
      """
      INSERT INTO orders (app_id, order_no, user_id, amount_minor, currency, title, status,
                          notify_url, created_at, updated_at, version)
      VALUES (:appId, :orderNo, :userId, :amountMinor, :currency, :title, :status,
              :notifyUrl, :now, :now, 0)
      """;

  private static final String SELECT_COLUMNS =
      """
      SELECT id, app_id, order_no, user_id, amount_minor, currency, title, status, paid_by,
             created_at, updated_at, version
      FROM orders
      """;

  private static final String SELECT_BY_ID = SELECT_COLUMNS + "WHERE id = :id";

  private static final String SELECT_BY_REF =
      SELECT_COLUMNS + "WHERE app_id = :appId AND order_no = :orderNo";

  private static final String SELECT_BY_ORDER_NO =
      SELECT_COLUMNS + "WHERE order_no = :orderNo ORDER BY id";

  // previous_status is assigned first: MySQL evaluates SET left to right, the others use old
  // values.
  private static final String TRANSITION =
      """
      UPDATE orders
      SET previous_status = status,
          status = :to,
          paid_by = COALESCE(:paidBy, paid_by),
          updated_at = :now,
          version = version + 1
      WHERE id = :id
        AND status IN (:from)
      """;

  private static final String LOCK_IF_STATUS_IN =
      """
      UPDATE orders
      SET version = version + 1,
          updated_at = :now
      WHERE id = :id
        AND status IN (:statuses)
      """;

  // The whole row under its lock: what the notify's transaction needs of the order, in the read
  // that locks it (a locking read sees the latest committed row even inside a MySQL snapshot).
  private static final String SELECT_FOR_UPDATE = SELECT_BY_ID + "\nFOR UPDATE";

  private static final String TRANSITION_RETURNING = TRANSITION + "RETURNING *";

  private static final String SELECT_TRANSITIONED = "SELECT * FROM orders WHERE id = :id";

  // A locking read sees the latest committed row even inside an older MySQL snapshot.
  private static final String SELECT_STATUS_FOR_UPDATE =
      """
      SELECT status
      FROM orders
      WHERE id = :id
      FOR UPDATE
      """;

  private final JdbcClient jdbc;

  OrderRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Inserts a CREATED order and returns its id; a taken order number raises DuplicateKey. */
  long insert(NewOrder order, Instant now) {
    KeyHolder key = new GeneratedKeyHolder();
    jdbc.sql(INSERT)
        .param("appId", order.appId())
        .param("orderNo", order.orderNo())
        .param("userId", order.userId())
        .param("amountMinor", order.amount().minorUnits())
        .param("currency", order.amount().currency())
        .param("title", order.title())
        .param("status", OrderStatus.CREATED.name())
        .param("notifyUrl", order.notifyUrl(), java.sql.Types.VARCHAR)
        .param("now", SqlTime.toColumn(now))
        .update(key, "id");
    return key.getKey().longValue();
  }

  public Optional<Order> findById(long id) {
    return jdbc.sql(SELECT_BY_ID).param("id", id).query(OrderRepository::order).optional();
  }

  public Optional<Order> findByRef(OrderRef ref) {
    return jdbc.sql(SELECT_BY_REF)
        .param("appId", ref.appId())
        .param("orderNo", ref.orderNo())
        .query(OrderRepository::order)
        .optional();
  }

  /** The orders of every app with this number, oldest first: for the operator only. */
  public List<Order> findByOrderNo(String orderNo) {
    return jdbc.sql(SELECT_BY_ORDER_NO)
        .param("orderNo", orderNo)
        .query(OrderRepository::order)
        .list();
  }

  /**
   * Takes the order's row lock until the transaction ends if the order is payable, so that no
   * concurrent transition can move it to PAID or CLOSED while a payment is being opened.
   *
   * @return false if the order is not (or no longer) payable
   */
  public boolean lockIfPayable(long id, Instant now) {
    List<String> payable =
        Arrays.stream(OrderStatus.values()).filter(OrderStatus::isPayable).map(Enum::name).toList();
    return jdbc.sql(LOCK_IF_STATUS_IN)
            .param("id", id)
            .param("statuses", payable)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  /** The compare-and-set UPDATE of one transition; returns the row count (1 = this caller won). */
  int transition(long id, Collection<OrderStatus> from, OrderStatus to, Long paidBy, Instant now) {
    return transitionParams(jdbc.sql(TRANSITION), id, from, to, paidBy, now).update();
  }

  private static JdbcClient.StatementSpec transitionParams(
      JdbcClient.StatementSpec statement,
      long id,
      Collection<OrderStatus> from,
      OrderStatus to,
      Long paidBy,
      Instant now) {
    return statement
        .param("id", id)
        .param("paidBy", paidBy, java.sql.Types.BIGINT)
        .param("from", from.stream().map(Enum::name).toList())
        .param("to", to.name())
        .param("now", SqlTime.toColumn(now));
  }

  /** Locks the order row until the transaction ends and returns it. */
  public Optional<Order> lock(long id) {
    return jdbc.sql(SELECT_FOR_UPDATE).param("id", id).query(OrderRepository::order).optional();
  }

  /**
   * The compare-and-set UPDATE of one transition, answering the row it changed (empty when this
   * caller lost): with RETURNING where the database has it, else read back in the transaction.
   */
  Optional<Transitioned> transitionReturning(
      long id,
      Collection<OrderStatus> from,
      OrderStatus to,
      Long paidBy,
      Instant now,
      UpdateReturning returning) {
    return returning
        .changed(
            () ->
                transitionParams(jdbc.sql(TRANSITION_RETURNING), id, from, to, paidBy, now)
                    .query(OrderRepository::transitioned)
                    .list(),
            () -> transition(id, from, to, paidBy, now),
            changed ->
                List.of(
                    jdbc.sql(SELECT_TRANSITIONED)
                        .param("id", id)
                        .query(OrderRepository::transitioned)
                        .single()))
        .stream()
        .findFirst();
  }

  /** A transition's winner's view of the row it changed, and the status it left. */
  record Transitioned(Order order, OrderStatus previous) {}

  private static Transitioned transitioned(ResultSet rs, int row) throws SQLException {
    return new Transitioned(order(rs, row), OrderStatus.valueOf(rs.getString("previous_status")));
  }

  /** Locks the order row until the transaction ends and returns its status. */
  public Optional<OrderStatus> lockStatus(long id) {
    return jdbc.sql(SELECT_STATUS_FOR_UPDATE)
        .param("id", id)
        .query(String.class)
        .optional()
        .map(OrderStatus::valueOf);
  }

  private static Order order(ResultSet rs, int row) throws SQLException {
    return OrderRows.read(rs, "");
  }
}
