package io.payonce.server.outbox;

import org.springframework.stereotype.Component;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** Builds envelopes from claimed rows, and writes and reads their JSON. */
@Component
public class EventEnvelopes {

  private final JsonMapper json;

  EventEnvelopes(JsonMapper json) {
    this.json = json;
  }

  EventEnvelope of(OutboxClaims.ClaimedRow row) {
    JsonNode data = json.readTree(row.payload());
    return new EventEnvelope(
        row.eventId() != null ? row.eventId() : legacyId(row.id()),
        row.eventType(),
        EventEnvelope.CURRENT_VERSION,
        row.aggregate(),
        row.aggregateId(),
        row.orderNo(),
        row.outTradeNo(),
        text(data, "amount"),
        text(data, "currency"),
        row.createdAt(),
        data);
  }

  /** The envelope as JSON bytes (UTF-8). */
  public byte[] toJson(EventEnvelope envelope) {
    return json.writeValueAsBytes(envelope);
  }

  /** Reads an envelope written by {@link #toJson}. */
  public EventEnvelope fromJson(byte[] body) {
    return json.readValue(body, EventEnvelope.class);
  }

  // Rows written before event ids existed get one derived from their id: stable across republishes.
  private static String legacyId(long id) {
    return java.util.UUID.nameUUIDFromBytes(("payonce-outbox-" + id).getBytes()).toString();
  }

  private static String text(JsonNode data, String field) {
    JsonNode value = data.get(field);
    return value == null || value.isNull() ? null : value.asString();
  }
}
