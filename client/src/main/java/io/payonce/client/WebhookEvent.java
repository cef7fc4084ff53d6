package io.payonce.client;

import java.time.Instant;
import tools.jackson.databind.JsonNode;

/**
 * An event PayOnce POSTed to the merchant's webhook (docs/events.md; the OpenAPI document's {@code
 * webhooks}). Delivery is at least once: deduplicate on {@link #eventId()}.
 *
 * @param type e.g. {@code OrderPaid}, {@code OrderPartiallyRefunded}; ignore types you do not know
 * @param amount a decimal string in major units, or null
 * @param data the type's own fields
 */
public record WebhookEvent(
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
    JsonNode data) {}
