package io.payonce.server.outbox;

import io.payonce.server.journal.Aggregate;
import java.time.Instant;

/**
 * A stored event: a past-tense business fact such as {@code PaymentSucceeded}.
 *
 * @param payload the event as a JSON object
 * @param publishedAt null until a relay has published it
 */
public record OutboxEvent(
    long id,
    Aggregate aggregate,
    long aggregateId,
    String eventType,
    String payload,
    Instant createdAt,
    Instant publishedAt) {}
