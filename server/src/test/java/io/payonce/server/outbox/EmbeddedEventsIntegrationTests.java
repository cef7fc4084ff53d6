package io.payonce.server.outbox;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.sun.net.httpserver.HttpServer;
import io.payonce.server.consumer.example.FulfilmentConsumer;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.PaymentOpener;
import io.payonce.server.testing.PaidOrders;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.webhook.WebhookSignature;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;
import org.springframework.amqp.rabbit.core.RabbitTemplate;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.EventListener;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.DynamicPropertyRegistry;
import org.springframework.test.context.DynamicPropertySource;

/**
 * The embedded default, with neither RabbitMQ nor Redis: the service is healthy without them, the
 * relay delivers events to in-process listeners, and the bootstrap app's webhook (still configured
 * by payonce.events.webhook.*) gets them signed, retried on its own schedule until it answers 2xx.
 */
@PayOnceIntegrationTest
@Import(EmbeddedEventsIntegrationTests.Listeners.class)
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class EmbeddedEventsIntegrationTests {

  private static final String SECRET = "whsec-test";
  private static final Webhook webhook = Webhook.start();

  @LocalServerPort int port;
  @Autowired OutboxRelay relay;
  @Autowired EventSink sink;
  @Autowired ApplicationContext context;
  @Autowired Listeners listeners;
  @Autowired FulfilmentConsumer fulfilment;
  @Autowired OrderService orderService;
  @Autowired PaymentOpener opener;
  @Autowired ChannelResultApplier applier;
  @Autowired java.time.Clock clock;

  @DynamicPropertySource
  static void properties(DynamicPropertyRegistry registry) {
    registry.add("payonce.events.webhook.url", () -> webhook.url());
    registry.add("payonce.events.webhook.secret", () -> SECRET);
    registry.add("payonce.events.relay.max-backoff", () -> "PT0.2S");
    registry.add("payonce.webhooks.dispatch", () -> "true");
    registry.add("payonce.webhooks.interval", () -> "PT0.1S");
    registry.add("payonce.webhooks.retry-schedule", () -> "PT0.2S,PT0.2S,PT0.2S");
    registry.add("payonce.events.example-consumer.enabled", () -> "true");
  }

  @AfterAll
  static void stopWebhook() {
    webhook.server.stop(0);
  }

  @Test
  void startsHealthyWithNeitherRabbitMqNorRedisWired() throws Exception {
    PayOnceHttp http = new PayOnceHttp(port);
    var health = http.get(http.serverBase() + "/actuator/health");

    assertThat(health.status()).isEqualTo(200);
    assertThat(health.body()).contains("\"status\":\"UP\"");
    assertThat(sink.name()).isEqualTo("embedded");
    assertThat(context.getBeanNamesForType(RabbitTemplate.class)).isEmpty();
    assertThat(context.getBeanNamesForType(RedisConnectionFactory.class)).isEmpty();
  }

  @Test
  void deliversEventsToListenersAndASignedWebhookRetriedUntilItAccepts() throws Exception {
    String orderNo = new PaidOrders(orderService, opener, applier, clock).payOne("embedded");
    webhook.refuseNext(orderNo, 1);

    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              relay.drain();
              return webhook.accepted.containsKey(orderNo);
            });

    Webhook.Received accepted = webhook.accepted.get(orderNo);
    assertThat(webhook.attempts.get(orderNo).get()).isEqualTo(2);
    String timestamp = accepted.signature().replaceAll("t=(\\d+),v1=.*", "$1");
    assertThat(accepted.signature())
        .endsWith(
            "v1="
                + WebhookSignature.sign(
                    SECRET,
                    Long.parseLong(timestamp),
                    accepted.body().getBytes(StandardCharsets.UTF_8)));
    assertThat(accepted.body()).contains("\"eventId\":\"" + accepted.eventId() + "\"");
    // The webhook's refusal is retried by the webhook dispatcher alone: the relay published the
    // event once, so listeners saw it once and the example consumer applied it once.
    assertThat(listeners.deliveriesOf(orderNo)).isEqualTo(1);
    assertThat(fulfilment.fulfilmentsOf(orderNo)).isEqualTo(1);
  }

  /** Counts the OrderPaid events in-process listeners receive. */
  @TestConfiguration(proxyBeanMethods = false)
  static class Listeners {

    private final List<String> orderPaid = new CopyOnWriteArrayList<>();

    @EventListener
    public void on(EventEnvelope event) {
      if ("OrderPaid".equals(event.type())) {
        orderPaid.add(event.orderNo());
      }
    }

    long deliveriesOf(String orderNo) {
      return orderPaid.stream().filter(orderNo::equals).count();
    }
  }

  /** A merchant endpoint on a free local port that can refuse an order's first deliveries. */
  static final class Webhook {

    record Received(String eventId, String signature, String body) {}

    final HttpServer server;
    final Map<String, AtomicInteger> refusals = new ConcurrentHashMap<>();
    final Map<String, AtomicInteger> attempts = new ConcurrentHashMap<>();
    final Map<String, Received> accepted = new ConcurrentHashMap<>();

    private Webhook(HttpServer server) {
      this.server = server;
    }

    static Webhook start() {
      try {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        Webhook webhook = new Webhook(server);
        server.createContext("/events", webhook::handle);
        server.start();
        return webhook;
      } catch (IOException e) {
        throw new IllegalStateException(e);
      }
    }

    String url() {
      return "http://127.0.0.1:" + server.getAddress().getPort() + "/events";
    }

    void refuseNext(String orderNo, int times) {
      refusals.put(orderNo, new AtomicInteger(times));
    }

    private void handle(com.sun.net.httpserver.HttpExchange exchange) throws IOException {
      String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
      String orderNo = body.replaceAll(".*\"orderNo\":\"([^\"]+)\".*", "$1");
      int status = 200;
      if (body.contains("\"type\":\"OrderPaid\"")) {
        attempts.computeIfAbsent(orderNo, k -> new AtomicInteger()).incrementAndGet();
        AtomicInteger left = refusals.get(orderNo);
        if (left != null && left.getAndDecrement() > 0) {
          status = 500;
        } else {
          accepted.put(
              orderNo,
              new Received(
                  exchange.getRequestHeaders().getFirst(WebhookSignature.EVENT_ID_HEADER),
                  exchange.getRequestHeaders().getFirst(WebhookSignature.HEADER),
                  body));
        }
      }
      exchange.sendResponseHeaders(status, -1);
      exchange.close();
    }
  }
}
