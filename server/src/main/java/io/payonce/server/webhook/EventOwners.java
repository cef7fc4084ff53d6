package io.payonce.server.webhook;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Whose an event is: the app of the order behind its aggregate, and the order's own notify URL.
 * Read from the rows, as the outbox writer reads an event's numbers, so the envelope's schema does
 * not change for the sake of routing.
 *
 * <p>An order's app and notify URL never change once it is written, nor the order a payment or a
 * refund belongs to, so owners are kept in a bounded cache: a paid order's two events (the
 * payment's, then the order's) cost one read between them. A cached owner serves only an event of
 * the same order number, so a row id given anew (a test database cleaned) is read again.
 */
@Repository
class EventOwners {

  private static final String OF_ORDER =
      """
      SELECT id AS order_id, order_no, app_id, notify_url
      FROM orders
      WHERE id = :id
      """;

  private static final String OF_PAYMENT =
      """
      SELECT o.id AS order_id, o.order_no, o.app_id, o.notify_url
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE p.pay_id = :id
      """;

  private static final String OF_REFUND =
      """
      SELECT o.id AS order_id, o.order_no, o.app_id, o.notify_url
      FROM refund r
      JOIN orders o ON o.id = r.order_id
      WHERE r.id = :id
      """;

  private static final int CACHED = 4096;

  private final JdbcClient jdbc;
  private final Map<String, Known> cache =
      new LinkedHashMap<>(CACHED, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<String, Known> eldest) {
          return size() > CACHED;
        }
      };

  EventOwners(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The owning app and the order's notify URL (null when it gave none). */
  record Owner(String appId, String notifyUrl) {}

  private record Known(long orderId, String orderNo, Owner owner) {}

  /**
   * The owner of the aggregate's order; {@code orderNo}, the order number the event states (null
   * when it states none), lets a cached owner answer.
   */
  Optional<Owner> of(String aggregate, long aggregateId, String orderNo) {
    String sql =
        switch (aggregate) {
          case "ORDER" -> OF_ORDER;
          case "PAYMENT" -> OF_PAYMENT;
          case "REFUND" -> OF_REFUND;
          default -> null;
        };
    if (sql == null) {
      return Optional.empty();
    }
    String key = aggregate + " " + aggregateId;
    if (orderNo != null) {
      synchronized (cache) {
        Known known = cache.get(key);
        if (known != null && known.orderNo().equals(orderNo)) {
          return Optional.of(known.owner());
        }
      }
    }
    Optional<Known> found =
        jdbc.sql(sql)
            .param("id", aggregateId)
            .query(
                (rs, row) ->
                    new Known(
                        rs.getLong("order_id"),
                        rs.getString("order_no"),
                        new Owner(rs.getString("app_id"), rs.getString("notify_url"))))
            .optional();
    found.ifPresent(
        f -> {
          synchronized (cache) {
            cache.put(key, f);
            cache.put("ORDER " + f.orderId(), f);
          }
        });
    return found.map(Known::owner);
  }
}
