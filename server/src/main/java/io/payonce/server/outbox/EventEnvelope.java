package io.payonce.server.outbox;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * An outbox event as it leaves the service: the message body on RabbitMQ, the body of a webhook,
 * the argument of an in-process listener. Every field is fixed when the event is written, so a
 * republished event is byte-for-byte the same message. Schema: docs/events.md.
 *
 * @param eventId the message id; unique per event, the same on every delivery of it
 * @param type the past-tense business fact, e.g. {@code OrderPaid}
 * @param version the schema version of {@code data} for this type
 * @param orderNo the merchant's order number
 * @param outTradeNo the payment's number at the channel, or null if the event has none
 * @param amount the amount in major units, as a decimal string (never a float)
 * @param occurredAt when the change was committed
 * @param data the type's own fields
 */
public record EventEnvelope(
    String eventId,
    String type,
    int version,
    String aggregate,
    long aggregateId,
    String orderNo,
    String outTradeNo,
    String amount,
    String currency,
    Instant occurredAt,
    JsonNode data) {

  /** The version of every envelope this service writes today. */
  public static final int CURRENT_VERSION = 1;
}
