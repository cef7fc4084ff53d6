package io.payonce.server.outbox;

import io.payonce.server.db.HeldInserts;
import io.payonce.server.db.MultiRowInsert;
import io.payonce.server.db.SqlTime;
import io.payonce.server.journal.Aggregate;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Supplier;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Appends events inside the caller's transaction: an event exists exactly when the change that
 * caused it was committed. Hand-rolled rather than Spring Modulith's publication registry because
 * the event must be written by the winner of a conditional UPDATE, in our own migrated schema on
 * three databases, and be readable beside the journal (see docs/events.md for the relay).
 *
 * <p>Each event gets its message id and business numbers here, once: a relay that publishes the row
 * again sends the same envelope, so consumers can deduplicate on the id. The id is derived from the
 * business fact the event states (its type and the caller's {@code fact}, built from business
 * numbers such as the order number and the paying out_trade_no), never drawn at random: one fact
 * has one id wherever and however often it is told, and the outbox's unique event id refuses a
 * second row for it.
 */
@Repository
public class OutboxWriter {

  private static final String INSERT =
      """
      INSERT INTO outbox (aggregate, aggregate_id, event_type, payload, created_at, attempts,
                          event_id, order_no, out_trade_no)
      VALUES (:aggregate, :aggregateId, :eventType, :payload, :createdAt, 0,
              :eventId, :orderNo, :outTradeNo)
      """;

  private static final String ORDER_NO_OF_PAYMENT =
      """
      SELECT o.order_no
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE p.pay_id = :id
      """;

  private static final String ORDER_NO_OF_ORDER =
      """
      SELECT order_no
      FROM orders
      WHERE id = :id
      """;

  // The payment that paid the order if there is one (OrderPaid, refunds), else its latest.
  private static final String OUT_TRADE_NO_OF_ORDER =
      """
      SELECT p.out_trade_no
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE p.order_id = :id
      ORDER BY CASE WHEN p.pay_id = o.paid_by THEN 0 ELSE 1 END, p.pay_id DESC
      LIMIT 1
      """;

  private static final String OUT_TRADE_NO_OF_PAYMENT =
      """
      SELECT out_trade_no
      FROM payment
      WHERE pay_id = :id
      """;

  private final JdbcClient jdbc;
  private final JsonMapper json;
  private final Clock clock;
  // A notify's transaction appends two events: one statement.
  private static final MultiRowInsert INSERTS = new MultiRowInsert(INSERT);

  private final HeldInserts<Row> held = new HeldInserts<>(this::insert);

  OutboxWriter(JdbcClient jdbc, JsonMapper json, Clock clock) {
    this.jdbc = jdbc;
    this.json = json;
    this.clock = clock;
  }

  /**
   * Appends an event whose payload is the given fields as a JSON object.
   *
   * @param fact what makes this event one business fact, unique among the events of its type (e.g.
   *     "order 42 (created 2026-…) paid by PO…"): the event id is derived from it
   */
  @Transactional(propagation = Propagation.MANDATORY)
  public void append(
      Aggregate aggregate,
      long aggregateId,
      String eventType,
      String fact,
      Map<String, ?> payload) {
    append(aggregate, aggregateId, eventType, fact, payload, null);
  }

  /**
   * Appends an event whose payload is the record {@code data}, written as JSON with its components
   * in order: the event types' {@code data} are records so that the API document's schema of each
   * is read from the very type the outbox writes (apidoc's webhooks).
   */
  @Transactional(propagation = Propagation.MANDATORY)
  public void append(
      Aggregate aggregate, long aggregateId, String eventType, String fact, Record data) {
    append(aggregate, aggregateId, eventType, fact, data, null);
  }

  /** As {@link #append(Aggregate, long, String, String, Record)}, the order's number known. */
  @Transactional(propagation = Propagation.MANDATORY)
  public void append(
      Aggregate aggregate,
      long aggregateId,
      String eventType,
      String fact,
      Record data,
      String orderNo) {
    // Written straight from the record, not through a map of its fields: the same JSON (the unit
    // tests compare the two), without reading every event back into a map first.
    hold(
        aggregate,
        aggregateId,
        eventType,
        fact,
        json.writeValueAsString(data),
        orderNo != null ? orderNo : RecordNumbers.of(data, "orderNo"),
        RecordNumbers.of(data, "outTradeNo"));
  }

  /**
   * As {@link #append(Aggregate, long, String, String, Map)}, for a caller that knows the order's
   * number already (a payment's transition read it with the row): it is not looked up again.
   */
  @Transactional(propagation = Propagation.MANDATORY)
  public void append(
      Aggregate aggregate,
      long aggregateId,
      String eventType,
      String fact,
      Map<String, ?> payload,
      String orderNo) {
    hold(
        aggregate,
        aggregateId,
        eventType,
        fact,
        json.writeValueAsString(payload),
        orderNo != null ? orderNo : given(payload, "orderNo"),
        given(payload, "outTradeNo"));
  }

  /** The row, its numbers the given ones, else those the aggregate's rows say. */
  private void hold(
      Aggregate aggregate,
      long aggregateId,
      String eventType,
      String fact,
      String payload,
      String orderNo,
      String outTradeNo) {
    held.add(
        new Row(
            aggregate.name(),
            aggregateId,
            eventType,
            payload,
            SqlTime.toColumn(clock.instant()),
            eventId(eventType, fact),
            orderNo != null ? orderNo : number("orderNo", aggregate, aggregateId),
            outTradeNo != null ? outTradeNo : number("outTradeNo", aggregate, aggregateId)));
  }

  private static String given(Map<String, ?> payload, String field) {
    Object given = payload.get(field);
    return given == null ? null : given.toString();
  }

  /**
   * Runs {@code work} with the events it appends held back and inserted together when it returns,
   * in one statement: a transaction that appends several events makes one round trip for them.
   * Nothing in {@code work} may read the outbox expecting its own events. Nested calls join the
   * outer batch; an exception discards it (the transaction rolls back).
   */
  public <T> T batching(Supplier<T> work) {
    return held.around(work);
  }

  private void insert(List<Row> rows) {
    INSERTS.insert(
        jdbc,
        rows,
        (params, row) ->
            params
                .param("aggregate", row.aggregate())
                .param("aggregateId", row.aggregateId())
                .param("eventType", row.eventType())
                .param("payload", row.payload())
                .param("createdAt", row.createdAt())
                .param("eventId", row.eventId())
                .param("orderNo", row.orderNo(), java.sql.Types.VARCHAR)
                .param("outTradeNo", row.outTradeNo(), java.sql.Types.VARCHAR));
  }

  /** One outbox row's values. */
  private record Row(
      String aggregate,
      long aggregateId,
      String eventType,
      String payload,
      Object createdAt,
      String eventId,
      String orderNo,
      String outTradeNo) {}

  /** A name-based UUID of the fact: the same fact always gets the same id. */
  static String eventId(String eventType, String fact) {
    return UUID.nameUUIDFromBytes(
            ("payonce " + eventType + " " + fact).getBytes(StandardCharsets.UTF_8))
        .toString();
  }

  /** The number the aggregate's rows say. */
  private String number(String field, Aggregate aggregate, long id) {
    String sql =
        switch (aggregate) {
          case ORDER -> "orderNo".equals(field) ? ORDER_NO_OF_ORDER : OUT_TRADE_NO_OF_ORDER;
          case PAYMENT -> "orderNo".equals(field) ? ORDER_NO_OF_PAYMENT : OUT_TRADE_NO_OF_PAYMENT;
          default -> null;
        };
    return sql == null
        ? null
        : jdbc.sql(sql).param("id", id).query(String.class).optional().orElse(null);
  }
}
