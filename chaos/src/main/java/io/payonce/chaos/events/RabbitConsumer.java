package io.payonce.chaos.events;

import com.rabbitmq.client.Channel;
import com.rabbitmq.client.Connection;
import com.rabbitmq.client.ConnectionFactory;
import com.rabbitmq.client.DefaultConsumer;
import com.rabbitmq.client.Envelope;
import io.payonce.chaos.cluster.Database;
import io.payonce.chaos.http.JsonHttp;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.TimeoutException;
import java.util.function.LongSupplier;
import tools.jackson.databind.JsonNode;

/**
 * A merchant's consumer on RabbitMQ: a durable queue of its own bound to every event type of the
 * run's exchange, acknowledging after recording. The client recovers by itself when the broker
 * comes back; the queue keeps what was published meanwhile. Exchange and queue are named after the
 * run's database ({@link Database#NAME}), so that two runs on one broker keep apart.
 */
public final class RabbitConsumer implements AutoCloseable {

  /** The exchange the instances publish to ({@code payonce.events.rabbit.exchange}). */
  public static final String EXCHANGE = "payonce.events." + Database.NAME;

  public static final String QUEUE = "payonce.chaos.events." + Database.NAME;
  static final String UNROUTED = EXCHANGE + ".unrouted";

  private final Connection connection;
  private final Channel channel;

  private RabbitConsumer(Connection connection, Channel channel) {
    this.connection = connection;
    this.channel = channel;
  }

  /** Drops the queue a previous run left, so that this run counts only its own events. */
  public static void purgeLeftovers() throws IOException, TimeoutException {
    try (Connection c = factory().newConnection("payonce-chaos-cleanup");
        Channel ch = c.createChannel()) {
      ch.queueDelete(QUEUE);
    }
  }

  /** Binds the queue (the exchange is the instances' own) and starts consuming. */
  public static RabbitConsumer start(EventLog log, LongSupplier clockMs)
      throws IOException, TimeoutException {
    Connection connection = factory().newConnection("payonce-chaos");
    declareExchange(connection);
    Channel channel = connection.createChannel();
    channel.queueDeclare(QUEUE, true, false, false, Map.of());
    channel.queueBind(QUEUE, EXCHANGE, "#");
    channel.basicQos(100);
    channel.basicConsume(
        QUEUE,
        false,
        new DefaultConsumer(channel) {
          @Override
          public void handleDelivery(
              String tag,
              Envelope envelope,
              com.rabbitmq.client.AMQP.BasicProperties properties,
              byte[] body)
              throws IOException {
            try {
              JsonNode event = JsonHttp.json().readTree(new String(body, StandardCharsets.UTF_8));
              log.deliver(
                  event.path("eventId").asString(),
                  event.path("type").asString(),
                  event.path("orderNo").asString(null),
                  clockMs.getAsLong());
            } catch (RuntimeException unreadable) {
              log.reject();
            }
            getChannel().basicAck(envelope.getDeliveryTag(), false);
          }
        });
    return new RabbitConsumer(connection, channel);
  }

  /**
   * The instances declare the exchange when they first connect, which may be later: declare it as
   * they do (same arguments, so either may go first); if they declare it otherwise, use theirs.
   */
  private static void declareExchange(Connection connection) throws IOException {
    try (Channel channel = connection.createChannel()) {
      channel.exchangeDeclare(UNROUTED, "fanout", true, false, Map.of());
      channel.exchangeDeclare(
          EXCHANGE, "topic", true, false, Map.of("alternate-exchange", UNROUTED));
    } catch (IOException | TimeoutException | RuntimeException differentArguments) {
      try (Channel channel = connection.createChannel()) {
        channel.exchangeDeclarePassive(EXCHANGE);
      } catch (TimeoutException e) {
        throw new IOException(e);
      }
    }
  }

  private static ConnectionFactory factory() {
    ConnectionFactory factory = new ConnectionFactory();
    factory.setHost("127.0.0.1");
    factory.setPort(5672);
    factory.setUsername("guest");
    factory.setPassword("guest");
    factory.setAutomaticRecoveryEnabled(true);
    factory.setTopologyRecoveryEnabled(true);
    factory.setNetworkRecoveryInterval(2000);
    return factory;
  }

  @Override
  public void close() {
    try {
      if (channel.isOpen()) {
        channel.queueDelete(QUEUE);
      }
      connection.close();
    } catch (IOException | RuntimeException e) {
      // The broker may be down at the end of a failed run; the next run deletes the queue.
    }
  }
}
