package io.payonce.server.outbox.rabbit;

import io.payonce.server.outbox.EventEnvelope;
import io.payonce.server.outbox.EventEnvelopes;
import io.payonce.server.outbox.EventSink;
import java.util.ArrayList;
import java.util.Date;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.MessageBuilder;
import org.springframework.amqp.core.MessageDeliveryMode;
import org.springframework.amqp.core.MessageProperties;
import org.springframework.amqp.rabbit.connection.CorrelationData;
import org.springframework.amqp.rabbit.core.RabbitTemplate;

/**
 * Publishes each event as a persistent message with the event id as message id, routing key = event
 * type, and waits for the broker's publisher confirms: only acked events are reported delivered. A
 * nack, a timeout or a broker that cannot be reached reports the event undelivered, and the relay
 * retries it.
 */
class RabbitEventSink implements EventSink {

  static final String VERSION_HEADER = "x-payonce-event-version";

  private final RabbitTemplate rabbit;
  private final EventEnvelopes envelopes;
  private final RabbitEventsProperties props;

  RabbitEventSink(RabbitTemplate rabbit, EventEnvelopes envelopes, RabbitEventsProperties props) {
    if (!rabbit.getConnectionFactory().isPublisherConfirms()) {
      throw new IllegalStateException(
          "spring.rabbitmq.publisher-confirm-type must be correlated for the outbox relay");
    }
    this.rabbit = rabbit;
    this.envelopes = envelopes;
    this.props = props;
  }

  @Override
  public Set<String> deliver(List<EventEnvelope> events) {
    List<CorrelationData> sent = new ArrayList<>(events.size());
    for (EventEnvelope event : events) {
      CorrelationData correlation = new CorrelationData(event.eventId());
      rabbit.send(props.exchange(), event.type(), message(event), correlation);
      sent.add(correlation);
    }
    Set<String> acked = new LinkedHashSet<>();
    long deadline = System.nanoTime() + props.confirmTimeout().toNanos();
    for (CorrelationData correlation : sent) {
      if (confirmed(correlation, deadline)) {
        acked.add(correlation.getId());
      }
    }
    return acked;
  }

  private static boolean confirmed(CorrelationData correlation, long deadline) {
    try {
      long left = Math.max(0, deadline - System.nanoTime());
      return correlation.getFuture().get(left, TimeUnit.NANOSECONDS).ack();
    } catch (TimeoutException | ExecutionException e) {
      return false;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private Message message(EventEnvelope event) {
    return MessageBuilder.withBody(envelopes.toJson(event))
        .setMessageId(event.eventId())
        .setType(event.type())
        .setContentType(MessageProperties.CONTENT_TYPE_JSON)
        .setContentEncoding("UTF-8")
        .setDeliveryMode(MessageDeliveryMode.PERSISTENT)
        .setTimestamp(Date.from(event.occurredAt()))
        .setHeader(VERSION_HEADER, event.version())
        .build();
  }

  @Override
  public String name() {
    return "rabbit";
  }
}
