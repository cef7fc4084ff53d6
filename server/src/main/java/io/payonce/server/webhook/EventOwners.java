package io.payonce.server.webhook;

import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Whose an event is: the app of the order behind its aggregate, and the order's own notify URL.
 * Read from the rows, as the outbox writer reads an event's numbers, so the envelope's schema does
 * not change for the sake of routing.
 */
@Repository
class EventOwners {

  private static final String OF_ORDER =
      """
      SELECT app_id, notify_url
      FROM orders
      WHERE id = :id
      """;

  private static final String OF_PAYMENT =
      """
      SELECT o.app_id, o.notify_url
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE p.pay_id = :id
      """;

  private static final String OF_REFUND =
      """
      SELECT o.app_id, o.notify_url
      FROM refund r
      JOIN orders o ON o.id = r.order_id
      WHERE r.id = :id
      """;

  private final JdbcClient jdbc;

  EventOwners(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The owning app and the order's notify URL (null when it gave none). */
  record Owner(String appId, String notifyUrl) {}

  Optional<Owner> of(String aggregate, long aggregateId) {
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
    return jdbc.sql(sql)
        .param("id", aggregateId)
        .query((rs, row) -> new Owner(rs.getString("app_id"), rs.getString("notify_url")))
        .optional();
  }
}
