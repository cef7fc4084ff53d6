package io.payonce.server.outbox.rabbit;

import io.payonce.server.outbox.EventEnvelopes;
import java.util.Map;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Declarables;
import org.springframework.amqp.core.FanoutExchange;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The RabbitMQ side of the relay. The exchange carries an alternate exchange, so an event no queue
 * is bound for is kept in {@code <exchange>.unrouted} instead of being dropped by the broker;
 * Boot's RabbitAdmin declares all this whenever a connection opens, so a broker that was reset gets
 * it back.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("payonce.events.rabbit.enabled")
class RabbitEventsConfiguration {

  @Bean
  RabbitEventSink rabbitEventSink(
      RabbitTemplate rabbit, EventEnvelopes envelopes, RabbitEventsProperties props) {
    return new RabbitEventSink(rabbit, envelopes, props);
  }

  @Bean
  Declarables payonceEventsTopology(RabbitEventsProperties props) {
    TopicExchange events =
        new TopicExchange(
            props.exchange(), true, false, Map.of("alternate-exchange", props.unroutedExchange()));
    FanoutExchange unrouted = new FanoutExchange(props.unroutedExchange(), true, false);
    Queue unroutedQueue = new Queue(props.unroutedExchange(), true);
    return new Declarables(
        events, unrouted, unroutedQueue, BindingBuilder.bind(unroutedQueue).to(unrouted));
  }
}
