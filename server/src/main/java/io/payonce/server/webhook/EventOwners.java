package io.payonce.server.webhook;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Whose an event is: the app of the order behind its aggregate, and the order's own notify URL.
 * Read from the rows, as the outbox writer reads an event's numbers, so the envelope's schema does
 * not change for the sake of routing. Each statement ends in its aggregate's id column, compared to
 * one id or to a list.
 */
@Repository
class EventOwners {

  private static final String OF_ORDER =
      """
      SELECT id, app_id, notify_url
      FROM orders
      WHERE id""";

  private static final String OF_PAYMENT =
      """
      SELECT p.pay_id AS id, o.app_id, o.notify_url
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE p.pay_id""";

  private static final String OF_REFUND =
      """
      SELECT r.id AS id, o.app_id, o.notify_url
      FROM refund r
      JOIN orders o ON o.id = r.order_id
      WHERE r.id""";

  private final JdbcClient jdbc;

  EventOwners(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The owning app and the order's notify URL (null when it gave none). */
  record Owner(String appId, String notifyUrl) {}

  Optional<Owner> of(String aggregate, long aggregateId) {
    String sql = sqlFor(aggregate);
    if (sql == null) {
      return Optional.empty();
    }
    return jdbc.sql(sql + " = :id")
        .param("id", aggregateId)
        .query((rs, row) -> new Owner(rs.getString("app_id"), rs.getString("notify_url")))
        .optional();
  }

  /**
   * The owners of many aggregates, one statement per kind of aggregate: keyed by {@link
   * #key(String, long)}; an aggregate with no owner (or of no known kind) is absent.
   */
  Map<String, Owner> ofAll(Collection<Aggregated> aggregates) {
    Map<String, List<Long>> idsByKind = new HashMap<>();
    for (Aggregated a : aggregates) {
      if (sqlFor(a.aggregate()) != null) {
        idsByKind.computeIfAbsent(a.aggregate(), k -> new ArrayList<>()).add(a.aggregateId());
      }
    }
    Map<String, Owner> owners = new HashMap<>();
    idsByKind.forEach(
        (kind, ids) ->
            jdbc.sql(sqlFor(kind) + " IN (:ids)")
                .param("ids", ids.stream().distinct().toList())
                .query(
                    (rs, row) ->
                        owners.put(
                            key(kind, rs.getLong("id")),
                            new Owner(rs.getString("app_id"), rs.getString("notify_url"))))
                .list());
    return owners;
  }

  /** An aggregate, by kind and id. */
  record Aggregated(String aggregate, long aggregateId) {}

  static String key(String aggregate, long aggregateId) {
    return aggregate + ":" + aggregateId;
  }

  private static String sqlFor(String aggregate) {
    return switch (aggregate) {
      case "ORDER" -> OF_ORDER;
      case "PAYMENT" -> OF_PAYMENT;
      case "REFUND" -> OF_REFUND;
      default -> null;
    };
  }
}
