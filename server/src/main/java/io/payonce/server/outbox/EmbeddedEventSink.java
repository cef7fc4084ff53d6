package io.payonce.server.outbox;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.stereotype.Component;

/**
 * The default sink, with no broker: each event goes to the in-process listeners ({@code
 * EventListener} methods taking an {@link EventEnvelope}). An event counts as delivered when every
 * listener returned; otherwise it is retried with back-off, so listeners see it again and must be
 * idempotent, as RabbitMQ consumers must. Merchant webhooks are not this sink's business: they are
 * an {@link EventHandoff} of their own, with a delivery record per event and destination.
 */
@Component
@ConditionalOnBooleanProperty(
    name = "payonce.events.rabbit.enabled",
    havingValue = false,
    matchIfMissing = true)
class EmbeddedEventSink implements EventSink {

  private static final Logger log = LoggerFactory.getLogger(EmbeddedEventSink.class);

  private final ApplicationEventPublisher listeners;

  EmbeddedEventSink(ApplicationEventPublisher listeners) {
    this.listeners = listeners;
  }

  @Override
  public Set<String> deliver(List<EventEnvelope> events) {
    Set<String> delivered = new LinkedHashSet<>();
    for (EventEnvelope event : events) {
      try {
        listeners.publishEvent(event);
        delivered.add(event.eventId());
      } catch (RuntimeException e) {
        log.warn(
            "event listener failed eventId={} type={} reason={}",
            event.eventId(),
            event.type(),
            e.getClass().getSimpleName());
      }
    }
    return delivered;
  }

  @Override
  public String name() {
    return "embedded";
  }
}
