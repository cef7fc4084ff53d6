package io.payonce.server.journal;

import java.time.Instant;

/**
 * One status change as it was recorded.
 *
 * @param fromStatus null for the entry that records the row's creation
 */
public record JournalEntry(
    long id,
    Aggregate aggregate,
    long aggregateId,
    String fromStatus,
    String toStatus,
    TransitionSource source,
    String detail,
    Instant occurredAt) {}
