package io.payonce.server.consumer.example;

import io.payonce.server.consumer.IdempotentConsumer;
import io.payonce.server.db.SqlTime;
import io.payonce.server.outbox.EventEnvelope;
import java.time.Clock;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Component;

/**
 * On OrderPaid, asks the warehouse to ship (here: a row in example_fulfilment), exactly once per
 * event thanks to {@link IdempotentConsumer}. Other event types are acknowledged and ignored.
 */
@Component
public class FulfilmentConsumer {

  static final String NAME = "example-fulfilment";

  private static final String INSERT =
      """
      INSERT INTO example_fulfilment (event_id, order_no, amount, created_at)
      VALUES (:eventId, :orderNo, :amount, :now)
      """;

  private static final String COUNT_FOR_ORDER =
      """
      SELECT COUNT(*)
      FROM example_fulfilment
      WHERE order_no = :orderNo
      """;

  private final IdempotentConsumer consumer;
  private final JdbcClient jdbc;
  private final Clock clock;

  FulfilmentConsumer(IdempotentConsumer consumer, JdbcClient jdbc, Clock clock) {
    this.consumer = consumer;
    this.jdbc = jdbc;
    this.clock = clock;
  }

  /**
   * Handles one delivery of an event.
   *
   * @return true if it was applied now; false if ignored or a duplicate
   */
  public boolean on(EventEnvelope event) {
    if (!"OrderPaid".equals(event.type())) {
      return false;
    }
    return consumer.applyOnce(
        NAME,
        event.eventId(),
        () ->
            jdbc.sql(INSERT)
                .param("eventId", event.eventId())
                .param("orderNo", event.orderNo())
                .param("amount", event.amount())
                .param("now", SqlTime.toColumn(clock.instant()))
                .update());
  }

  /** How many fulfilment requests an order got: 1 after its OrderPaid, whatever the deliveries. */
  public long fulfilmentsOf(String orderNo) {
    return jdbc.sql(COUNT_FOR_ORDER).param("orderNo", orderNo).query(Long.class).single();
  }
}
