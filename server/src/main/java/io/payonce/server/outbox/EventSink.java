package io.payonce.server.outbox;

import java.util.List;
import java.util.Set;

/**
 * Where the relay delivers events: RabbitMQ when enabled, else in-process listeners and an optional
 * merchant webhook. A sink reports an event delivered only once its receiver has it for good (the
 * broker's publisher confirm, a listener that returned, a 2xx answer); anything else is retried.
 */
public interface EventSink {

  /**
   * Delivers a batch.
   *
   * @return the ids of the events now delivered; those missing are retried later
   */
  Set<String> deliver(List<EventEnvelope> events);

  /** A short name for logs and metrics. */
  String name();
}
