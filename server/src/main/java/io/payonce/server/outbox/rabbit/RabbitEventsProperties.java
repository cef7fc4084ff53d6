package io.payonce.server.outbox.rabbit;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * RabbitMQ publishing ({@code payonce.events.rabbit.*}); the connection itself is Spring Boot's
 * {@code spring.rabbitmq.*}.
 *
 * @param enabled publish to RabbitMQ instead of the embedded sink
 * @param exchange the durable topic exchange events go to, routed by event type
 * @param confirmTimeout how long to wait for the broker's confirms of one batch
 */
@ConfigurationProperties("payonce.events.rabbit")
public record RabbitEventsProperties(
    @DefaultValue("false") boolean enabled,
    @DefaultValue("payonce.events") String exchange,
    @DefaultValue("5s") Duration confirmTimeout) {

  /** Where messages no queue is bound for end up, instead of being dropped by the broker. */
  public String unroutedExchange() {
    return exchange + ".unrouted";
  }
}
