package io.payonce.server.webhook;

import io.payonce.server.outbox.EventEnvelope;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * Whose an event is: the app of the order behind its aggregate, and the order's own notify URL.
 * Read from the rows, as the outbox writer reads an event's numbers, so the envelope's schema does
 * not change for the sake of routing.
 *
 * <p>A relay batch's owners are looked up together ({@link #of(List)}): those the cache knows at
 * once, the rest by {@link Batch#read}, one statement for all the batch's payments (the same for
 * its refunds), then one for the orders that none of those named. An order's app and notify URL
 * never change once it is written, nor the order a payment or a refund belongs to, so owners are
 * kept in a bounded cache: a paid order's two events (the payment's, then the order's) cost one
 * read between them, in a batch or across two. A cached owner serves only an event of the same
 * order number, so a row id given anew (a test database cleaned) is read again.
 */
@Repository
class EventOwners {

  private static final String OF_ORDERS =
      """
      SELECT id AS aggregate_id, id AS order_id, order_no, app_id, notify_url
      FROM orders
      WHERE id IN (:ids)
      """;

  private static final String OF_PAYMENTS =
      """
      SELECT p.pay_id AS aggregate_id, o.id AS order_id, o.order_no, o.app_id, o.notify_url
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE p.pay_id IN (:ids)
      """;

  private static final String OF_REFUNDS =
      """
      SELECT r.id AS aggregate_id, o.id AS order_id, o.order_no, o.app_id, o.notify_url
      FROM refund r
      JOIN orders o ON o.id = r.order_id
      WHERE r.id IN (:ids)
      """;

  private static final String ORDER = "ORDER";
  private static final String PAYMENT = "PAYMENT";
  private static final String REFUND = "REFUND";

  /**
   * The lengths an IN list is given: a list is padded to the next one (its last id repeated), and a
   * longer one cut into lists of the largest. A statement's text changes with its list's length,
   * and a driver prepares each text apart: a handful of lengths keeps them prepared once, where one
   * text per batch size was parsed and planned every time (BENCHMARKS.md).
   */
  private static final int[] LIST_LENGTHS = {1, 4, 16, 64};

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
   * The owners of a batch's events, as far as the cache knows them (an event that states its order
   * number, of an aggregate whose owner was read before); {@link Batch#read} reads the rest.
   */
  Batch of(List<EventEnvelope> events) {
    return new Batch(events);
  }

  /** One batch's owners: the cache's answers, then those read for it. */
  final class Batch {

    private final Map<String, Known> cached = new HashMap<>();
    private final Map<String, Set<Long>> missing = new LinkedHashMap<>();
    // Every key read for this batch, found or not: its answer is the rows', whatever the cache had.
    private final Map<String, Optional<Known>> read = new HashMap<>();
    private boolean complete;

    private Batch(List<EventEnvelope> events) {
      synchronized (cache) {
        for (EventEnvelope event : events) {
          if (!readable(event.aggregate())) {
            continue;
          }
          String key = key(event.aggregate(), event.aggregateId());
          Known known = event.orderNo() == null ? null : cache.get(key);
          if (known != null && known.orderNo().equals(event.orderNo())) {
            cached.put(key, known);
          } else {
            missing
                .computeIfAbsent(event.aggregate(), a -> new LinkedHashSet<>())
                .add(event.aggregateId());
          }
        }
      }
      complete = missing.isEmpty();
    }

    /** Whether every event's owner is known without a read (or has none to look for). */
    boolean complete() {
      return complete;
    }

    /**
     * Reads the owners the cache did not know: the payments' and refunds' first, then the orders
     * that none of them named. Once per batch; a failure leaves it incomplete.
     */
    void read() {
      if (complete) {
        return;
      }
      readAll(PAYMENT, OF_PAYMENTS);
      readAll(REFUND, OF_REFUNDS);
      Set<Long> orders = missing.get(ORDER);
      if (orders != null) {
        orders.removeIf(id -> read.containsKey(key(ORDER, id)));
      }
      readAll(ORDER, OF_ORDERS);
      complete = true;
    }

    /** The owner of the event's order, if it has one. */
    Optional<Owner> of(EventEnvelope event) {
      String key = key(event.aggregate(), event.aggregateId());
      Optional<Known> fresh = read.get(key);
      if (fresh != null) {
        return fresh.map(Known::owner);
      }
      Known known = cached.get(key);
      return known != null && known.orderNo().equals(event.orderNo())
          ? Optional.of(known.owner())
          : Optional.empty();
    }

    private void readAll(String aggregate, String sql) {
      Set<Long> ids = missing.getOrDefault(aggregate, Set.of());
      if (ids.isEmpty()) {
        return;
      }
      Map<Long, Known> found = new HashMap<>();
      for (List<Long> list : lists(ids)) {
        jdbc.sql(sql)
            .param("ids", list)
            .query(
                (rs, row) ->
                    Map.entry(
                        rs.getLong("aggregate_id"),
                        new Known(
                            rs.getLong("order_id"),
                            rs.getString("order_no"),
                            new Owner(rs.getString("app_id"), rs.getString("notify_url")))))
            .list()
            .forEach(row -> found.put(row.getKey(), row.getValue()));
      }
      synchronized (cache) {
        for (Long id : ids) {
          Known known = found.get(id);
          read.put(key(aggregate, id), Optional.ofNullable(known));
          if (known != null) {
            read.put(key(ORDER, known.orderId()), Optional.of(known));
            cache.put(key(aggregate, id), known);
            cache.put(key(ORDER, known.orderId()), known);
          }
        }
      }
    }
  }

  /** The ids in IN lists of {@link #LIST_LENGTHS}, the last padded with its last id. */
  private static List<List<Long>> lists(Set<Long> ids) {
    int longest = LIST_LENGTHS[LIST_LENGTHS.length - 1];
    List<List<Long>> lists = new ArrayList<>();
    List<Long> list = new ArrayList<>(longest);
    for (Long id : ids) {
      list.add(id);
      if (list.size() == longest) {
        lists.add(list);
        list = new ArrayList<>(longest);
      }
    }
    if (!list.isEmpty()) {
      int length = 0;
      for (int candidate : LIST_LENGTHS) {
        if (candidate >= list.size()) {
          length = candidate;
          break;
        }
      }
      Long last = list.get(list.size() - 1);
      while (list.size() < length) {
        list.add(last);
      }
      lists.add(list);
    }
    return lists;
  }

  private static boolean readable(String aggregate) {
    return ORDER.equals(aggregate) || PAYMENT.equals(aggregate) || REFUND.equals(aggregate);
  }

  private static String key(String aggregate, long id) {
    return aggregate + " " + id;
  }
}
