package io.payonce.server.outbox;

import java.util.List;

/**
 * A point between "the sink confirmed" and "the rows are marked published", where a relay instance
 * may die. Production has none; tests register one that throws, to prove that such a crash leads to
 * a second delivery and never to a lost event.
 */
@FunctionalInterface
public interface RelayCheckpoint {

  /** Called with the events the sink confirmed, before they are marked published. */
  void confirmed(List<EventEnvelope> events);
}
