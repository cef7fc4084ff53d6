package io.payonce.server.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.Apps;
import io.payonce.server.consumer.example.FulfilmentConsumer;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.rabbit.RabbitEventsProperties;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.PaymentOpener;
import io.payonce.server.testing.OnServer;
import io.payonce.server.testing.PaidOrders;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.ServerControl;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestServer;
import io.payonce.server.webhook.WebhookDeliveries;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.springframework.amqp.core.AmqpAdmin;
import org.springframework.amqp.core.BindingBuilder;
import org.springframework.amqp.core.Message;
import org.springframework.amqp.core.Queue;
import org.springframework.amqp.core.TopicExchange;
import org.springframework.amqp.rabbit.connection.ConnectionFactory;
import org.springframework.amqp.rabbit.listener.SimpleMessageListenerContainer;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

/**
 * The outbox relayed to a real RabbitMQ: every OrderPaid arrives, once in the normal case even with
 * two relay instances, at least once when a relay dies between the broker's confirm and the mark
 * (and the example consumer applies it once), and all of them after the broker was down while the
 * payments went on. Payments are made through the real transitions and applier, not over HTTP, to
 * keep 10,000 of them quick.
 */
@PayOnceIntegrationTest
@OnServer(TestServer.RABBITMQ)
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestPropertySource(
    properties = {
      "payonce.events.rabbit.enabled=true",
      "payonce.events.relay.enabled=true",
      "payonce.events.relay.interval=PT0.1S",
      "payonce.events.relay.lease=PT5S",
      "payonce.events.relay.max-backoff=PT0.5S"
    })
@Import(RabbitRelayIntegrationTests.CrashSwitch.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
abstract class RabbitRelayIntegrationTests {

  private final String queue = "payonce.test.order-paid." + UUID.randomUUID();
  private final Map<String, AtomicInteger> deliveries = new ConcurrentHashMap<>();
  private final Map<String, EventEnvelope> received = new ConcurrentHashMap<>();
  private SimpleMessageListenerContainer listener;

  @Autowired OrderService orderService;
  @Autowired PaymentOpener opener;
  @Autowired ChannelResultApplier applier;
  @Autowired OutboxClaims claims;
  @Autowired EventEnvelopes envelopes;
  @Autowired EventSink sink;
  @Autowired RelayProperties relayProperties;
  @Autowired RabbitEventsProperties rabbit;
  @Autowired ApplicationContext context;
  @Autowired AmqpAdmin admin;
  @Autowired ConnectionFactory connections;
  @Autowired FulfilmentConsumer fulfilment;
  @Autowired CrashSwitch crashes;
  @Autowired JdbcClient jdbc;
  @Autowired Clock clock;
  @Autowired Apps apps;
  @Autowired AppAdmin appAdmin;
  @Autowired WebhookDeliveries webhooks;

  /** How many paid orders the volume test makes on this database. */
  abstract int volume();

  @BeforeAll
  void listen() {
    Queue durable = new Queue(queue, true, false, false);
    admin.declareQueue(durable);
    admin.declareBinding(
        BindingBuilder.bind(durable).to(new TopicExchange(rabbit.exchange())).with("OrderPaid"));
    listener = new SimpleMessageListenerContainer(connections);
    listener.setQueueNames(queue);
    listener.setConcurrentConsumers(2);
    listener.setPrefetchCount(250);
    listener.setRecoveryInterval(200);
    listener.setMessageListener(this::onMessage);
    listener.start();
  }

  @AfterAll
  void stopListening() {
    listener.stop();
    admin.deleteQueue(queue);
    admin.purgeQueue(rabbit.unroutedExchange(), true);
  }

  private void onMessage(Message message) {
    EventEnvelope event = envelopes.fromJson(message.getBody());
    assertThat(message.getMessageProperties().getMessageId()).isEqualTo(event.eventId());
    deliveries.computeIfAbsent(event.eventId(), id -> new AtomicInteger()).incrementAndGet();
    received.putIfAbsent(event.eventId(), event);
    fulfilment.on(event);
  }

  @Test
  void anAppsWebhookDeliveriesAreRecordedAlongsideTheBroker() {
    String appId = "rabbit-wh-" + UUID.randomUUID().toString().substring(0, 8);
    apps.create(appId, "webhooks with RabbitMQ", "api-secret-" + appId);
    TestApps.giveAlipayAccount(appAdmin, appId);
    apps.setWebhook(appId, "http://127.0.0.1:9/not-posted-in-this-test", "whsec-" + appId);

    String orderNo = paidOrders().payOne(appId, "rabbit-wh", null);

    await()
        .atMost(Duration.ofSeconds(60))
        .until(
            () ->
                received.values().stream().anyMatch(e -> orderNo.equals(e.orderNo()))
                    && webhooks.ofOrder(orderNo).stream()
                        .anyMatch(d -> d.eventType().equals("OrderPaid")));
  }

  @Test
  void everyPaidOrderIsPublishedOnceByTwoRelayInstances() throws Exception {
    AtomicBoolean running = new AtomicBoolean(true);
    Thread secondInstance = new Thread(() -> relayUntilStopped(anotherRelay(), running));
    secondInstance.start();
    try {
      List<String> orders = paidOrders().pay("volume", volume(), 4);

      await()
          .atMost(Duration.ofMinutes(4))
          .pollInterval(Duration.ofMillis(500))
          .until(() -> distinctDelivered("volume-") == orders.size());
      // A relay marks its rows after the broker's confirm, which may come after the delivery.
      await()
          .atMost(Duration.ofSeconds(30))
          .pollInterval(Duration.ofMillis(100))
          .until(() -> unpublishedOf(orders) == 0);
      assertThat(deliveriesOf("volume-")).isEqualTo(volume());
    } finally {
      running.set(false);
      secondInstance.join();
    }
  }

  @Test
  void anEventCarriesItsStableIdNumbersAmountAndTime() throws Exception {
    String orderNo = paidOrders().payOne("envelope");

    EventEnvelope event =
        await().atMost(Duration.ofSeconds(60)).until(() -> receivedFor(orderNo), e -> e != null);

    // The relay marks the row after the broker's confirm, which may come after the delivery.
    OutboxEvent stored =
        await()
            .atMost(Duration.ofSeconds(30))
            .until(
                () -> new OutboxReader(jdbc).eventsOf(Aggregate.ORDER, event.aggregateId()).get(0),
                row -> row.publishedAt() != null);
    assertThat(event.type()).isEqualTo("OrderPaid");
    assertThat(event.version()).isEqualTo(1);
    assertThat(event.aggregate()).isEqualTo("ORDER");
    assertThat(event.outTradeNo()).startsWith("PO").hasSize(32);
    assertThat(event.amount()).isEqualTo("12.34");
    assertThat(event.currency()).isEqualTo("CNY");
    assertThat(event.occurredAt()).isEqualTo(stored.createdAt());
    assertThat(event.data().get("orderNo").asString()).isEqualTo(orderNo);
    assertThat(stored.publishedAt()).isNotNull();
  }

  @Test
  void aRelayDyingBetweenConfirmAndMarkCausesRedeliveriesThatTheConsumerAppliesOnce()
      throws Exception {
    crashes.crashNext(3);
    List<String> orders = paidOrders().pay("crash", 300, 4);

    await()
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> distinctDelivered("crash-") == orders.size() && unpublishedOf(orders) == 0);

    assertThat(crashes.crashed()).isEqualTo(3);
    assertThat(deliveriesOf("crash-")).isGreaterThan(orders.size());
    assertThat(orders).allSatisfy(no -> assertThat(fulfilment.fulfilmentsOf(no)).isEqualTo(1));
  }

  @Test
  void paymentsSucceedWhileRabbitMqIsDownAndTheirEventsArriveWhenItIsBack() throws Exception {
    List<String> orders;
    ServerControl.stopRabbitMq();
    try {
      // PaidOrders fails if any payment is not applied: none may depend on the broker.
      orders = paidOrders().pay("down", 200, 4);
      assertThat(unpublishedOf(orders)).isEqualTo(orders.size());
    } finally {
      ServerControl.startRabbitMq();
    }

    await()
        .atMost(Duration.ofMinutes(2))
        .pollInterval(Duration.ofMillis(500))
        .until(() -> distinctDelivered("down-") == orders.size());
    assertThat(orders).allSatisfy(no -> assertThat(fulfilment.fulfilmentsOf(no)).isEqualTo(1));
  }

  private PaidOrders paidOrders() {
    return new PaidOrders(orderService, opener, applier, clock);
  }

  private OutboxRelay anotherRelay() {
    return new OutboxRelay(
        claims,
        envelopes,
        sink,
        context.getBeanProvider(EventHandoff.class),
        context.getBeanProvider(RelayCheckpoint.class),
        relayProperties,
        clock,
        new SimpleMeterRegistry());
  }

  private static void relayUntilStopped(OutboxRelay relay, AtomicBoolean running) {
    while (running.get()) {
      if (relay.drain() == 0) {
        // An empty outbox: poll again shortly, as the scheduled relay does.
        java.util.concurrent.locks.LockSupport.parkNanos(50_000_000L);
      }
    }
  }

  private long distinctDelivered(String prefix) {
    return received.values().stream().filter(e -> e.orderNo().startsWith(prefix)).count();
  }

  private long deliveriesOf(String prefix) {
    return received.values().stream()
        .filter(e -> e.orderNo().startsWith(prefix))
        .mapToInt(e -> deliveries.get(e.eventId()).get())
        .sum();
  }

  private EventEnvelope receivedFor(String orderNo) {
    return received.values().stream()
        .filter(e -> orderNo.equals(e.orderNo()))
        .findFirst()
        .orElse(null);
  }

  private long unpublishedOf(List<String> orderNos) {
    return jdbc.sql(
            """
            SELECT COUNT(*)
            FROM outbox
            WHERE event_type = 'OrderPaid'
              AND published_at IS NULL
              AND order_no IN (:orderNos)
            """)
        .param("orderNos", orderNos)
        .query(Long.class)
        .single();
  }

  /** Makes the next N relay passes die after the broker's confirm, before the mark. */
  @TestConfiguration(proxyBeanMethods = false)
  static class CrashSwitch {

    private final AtomicInteger left = new AtomicInteger();
    private final AtomicInteger crashed = new AtomicInteger();

    void crashNext(int passes) {
      left.set(passes);
    }

    int crashed() {
      return crashed.get();
    }

    @Bean
    RelayCheckpoint crashingCheckpoint() {
      return events -> {
        if (!events.isEmpty() && left.getAndUpdate(n -> Math.max(0, n - 1)) > 0) {
          crashed.incrementAndGet();
          throw new IllegalStateException("relay crashed (test)");
        }
      };
    }
  }
}
