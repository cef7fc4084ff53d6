package io.payonce.server.outbox;

import java.util.List;
import java.util.Set;

/**
 * A second taker of every event besides the {@link EventSink}, that keeps it durably in the
 * database for work of its own (the per-app webhooks). The relay hands each batch to every handoff
 * before the sink and marks an event published only when all handoffs and the sink took it; a
 * handoff must therefore be idempotent (the same event handed over again changes nothing) and fast:
 * it records work, it does not do it, so a slow merchant URL never holds the relay back.
 */
public interface EventHandoff {

  /**
   * Takes a batch.
   *
   * @return the ids of the events now durably taken (including those it has nothing to do for);
   *     those missing are handed over again later
   */
  Set<String> accept(List<EventEnvelope> events);
}
