package io.payonce.server.redis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.OutboxEvent;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentRepository;
import io.payonce.server.payment.PaymentStatus;
import io.payonce.server.testing.JsonHttp;
import io.payonce.server.testing.OnServer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.ServerControl;
import io.payonce.server.testing.TestNumbers;
import io.payonce.server.testing.TestServer;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * With Redis enabled and then shut down, the service runs on the database alone: a storm of
 * precreates makes one channel call, duplicated notifies pay the order once, no request fails for
 * want of Redis, and the failures are counted.
 */
@PayOnceIntegrationTest
@OnServer(TestServer.REDIS)
@TestPropertySource(properties = "payonce.redis.enabled=true")
@DirtiesContext(classMode = DirtiesContext.ClassMode.AFTER_CLASS)
class RedisDownIntegrationTests {

  private static final int STORM = 20;

  @LocalServerPort int port;
  @Autowired OrderService orders;
  @Autowired PaymentRepository payments;
  @Autowired Journal journal;
  @Autowired OutboxReader outbox;
  @Autowired MeterRegistry meters;
  @Autowired JsonMapper json;

  @Test
  void precreateAndNotifyHappenExactlyOnceWhileRedisIsDown() throws Exception {
    JsonHttp http = new JsonHttp(port);
    String orderNo = TestNumbers.orderNo("redisdown");
    orders.create(new NewOrder(orderNo, "u1", Money.ofMinor(1234, "CNY"), "Redis down"));
    double failuresBefore = lockFailures();
    List<HttpResponse<String>> answers;
    String outTradeNo;
    ServerControl.stopRedis();
    try {
      answers = concurrently(() -> http.post("/pay/alipay/precreate", body(orderNo)));
      assertThat(http.put("/sandbox/chaos", "{\"notifyCopies\":5}").statusCode()).isEqualTo(200);
      Set<String> numbers =
          answers.stream()
              .filter(r -> r.statusCode() == 200)
              .map(r -> json.readTree(r.body()).get("outTradeNo").asString())
              .collect(Collectors.toSet());
      assertThat(numbers).hasSize(1);
      outTradeNo = numbers.iterator().next();
      String qrCode =
          json.readTree(
                  answers.stream().filter(r -> r.statusCode() == 200).findFirst().get().body())
              .get("qrCode")
              .asString();
      assertThat(
              http.post("/sandbox/alipay/wallet/pay", "{\"qrCode\":\"" + qrCode + "\"}")
                  .statusCode())
          .isEqualTo(200);
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> payment(outTradeNo).status() == PaymentStatus.SUCCESS);
      await().atMost(Duration.ofSeconds(60)).until(() -> deliveredNotifies(http, outTradeNo) >= 5);
    } finally {
      ServerControl.startRedis();
      new JsonHttp(port).delete("/sandbox/chaos");
    }

    assertThat(answers)
        .allSatisfy(r -> assertThat(r.statusCode()).isIn(200, 409))
        .anySatisfy(r -> assertThat(r.statusCode()).isEqualTo(200));
    assertThat(sandboxCalls(http, outTradeNo, "alipay.trade.precreate")).isEqualTo(1);
    Payment paid = payment(outTradeNo);
    assertThat(journal.entriesOf(Aggregate.PAYMENT, paid.payId()))
        .extracting(JournalEntry::toStatus)
        .containsOnlyOnce("SUCCESS");
    assertThat(outbox.eventsOf(Aggregate.ORDER, paid.orderId()))
        .extracting(OutboxEvent::eventType)
        .containsOnlyOnce("OrderPaid");
    assertThat(outbox.eventsOf(Aggregate.PAYMENT, paid.payId()))
        .extracting(OutboxEvent::eventType)
        .containsExactly("PaymentSucceeded");
    assertThat(lockFailures()).isGreaterThan(failuresBefore);
  }

  private double lockFailures() {
    var counter = meters.find("payonce.redis.failures").tag("operation", "lock").counter();
    return counter == null ? 0 : counter.count();
  }

  private Payment payment(String outTradeNo) {
    return payments.findByOutTradeNo(outTradeNo).orElseThrow();
  }

  private long deliveredNotifies(JsonHttp http, String outTradeNo) throws Exception {
    JsonNode notifies =
        json.readTree(http.get("/sandbox/alipay/notifies?outTradeNo=" + outTradeNo).body());
    long delivered = 0;
    for (JsonNode notify : notifies) {
      if ("DELIVERED".equals(notify.get("outcome").asString())) {
        delivered++;
      }
    }
    return delivered;
  }

  private long sandboxCalls(JsonHttp http, String outTradeNo, String method) throws Exception {
    return json.readTree(
            http.get("/sandbox/alipay/calls?outTradeNo=" + outTradeNo + "&method=" + method).body())
        .size();
  }

  private static String body(String orderNo) {
    return "{\"orderNo\":\"" + orderNo + "\"}";
  }

  private static List<HttpResponse<String>> concurrently(
      java.util.concurrent.Callable<HttpResponse<String>> call) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(STORM);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<HttpResponse<String>>> futures = new ArrayList<>();
      for (int i = 0; i < STORM; i++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return call.call();
                }));
      }
      start.countDown();
      List<HttpResponse<String>> results = new ArrayList<>();
      for (Future<HttpResponse<String>> future : futures) {
        results.add(future.get());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
