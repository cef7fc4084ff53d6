package io.payonce.server.consumer.example;

import io.payonce.server.outbox.EventEnvelope;
import io.payonce.server.outbox.EventEnvelopes;
import org.springframework.amqp.core.AcknowledgeMode;
import org.springframework.amqp.core.Binding;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.EventListener;

/**
 * Where the example consumer listens: a durable queue bound to OrderPaid when RabbitMQ is enabled
 * (acknowledged after the transaction committed, so a crash before that means a redelivery, which
 * the consumer skips), else the in-process events of the embedded sink.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBooleanProperty("payonce.events.example-consumer.enabled")
class FulfilmentWiring {

  static final String QUEUE = "payonce.example.fulfilment";

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBooleanProperty("payonce.events.rabbit.enabled")
  static class OverRabbit {

    @Bean
    Queue fulfilmentQueue() {
      return new Queue(QUEUE, true);
    }

    @Bean
    Binding fulfilmentBinding(
        Queue fulfilmentQueue,
        @org.springframework.beans.factory.annotation.Value(
                "${payonce.events.rabbit.exchange:payonce.events}")
            String exchange) {
      return BindingBuilder.bind(fulfilmentQueue).to(new TopicExchange(exchange)).with("OrderPaid");
    }

    @Bean
    SimpleMessageListenerContainer fulfilmentListener(
        ConnectionFactory connections, FulfilmentConsumer consumer, EventEnvelopes envelopes) {
      SimpleMessageListenerContainer container = new SimpleMessageListenerContainer(connections);
      container.setQueueNames(QUEUE);
      container.setAcknowledgeMode(AcknowledgeMode.AUTO);
      container.setMessageListener(message -> consumer.on(envelopes.fromJson(message.getBody())));
      return container;
    }
  }

  @Configuration(proxyBeanMethods = false)
  @ConditionalOnBooleanProperty(
      name = "payonce.events.rabbit.enabled",
      havingValue = false,
      matchIfMissing = true)
  static class InProcess {

    @Bean
    InProcessListener fulfilmentInProcess(FulfilmentConsumer consumer) {
      return new InProcessListener(consumer);
    }
  }

  /** Hands the embedded sink's events to the consumer. */
  static class InProcessListener {

    private final FulfilmentConsumer consumer;

    InProcessListener(FulfilmentConsumer consumer) {
      this.consumer = consumer;
    }

    @EventListener
    public void on(EventEnvelope event) {
      consumer.on(event);
    }
  }
}
