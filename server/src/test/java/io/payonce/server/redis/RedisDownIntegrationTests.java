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
import io.payonce.server.payment.PaymentStatus;
import io.payonce.server.payment.Payments;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.OnServer;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.ServerControl;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import io.payonce.server.testing.TestServer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.annotation.DirtiesContext;
import org.springframework.test.context.TestPropertySource;

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
  @Autowired Payments payments;
  @Autowired Journal journal;
  @Autowired OutboxReader outbox;
  @Autowired MeterRegistry meters;
  @Autowired org.springframework.jdbc.core.simple.JdbcClient jdbc;

  @Test
  void precreateAndNotifyHappenExactlyOnceWhileRedisIsDown() throws Exception {
    PayOnceHttp http = new PayOnceHttp(port);
    String orderNo = TestNumbers.orderNo("redisdown");
    orders.create(
        new NewOrder(TestApps.APP_ID, orderNo, "u1", Money.ofMinor(1234, "CNY"), "Redis down"));
    double failuresBefore = lockFailures();
    List<Answer> answers;
    String outTradeNo;
    ServerControl.stopRedis();
    try {
      answers = Concurrently.run(STORM, i -> http.precreate(orderNo));
      http.chaos(Map.of("notifyCopies", 5));
      Set<String> numbers =
          answers.stream()
              .filter(r -> r.status() == 200)
              .map(r -> r.text("outTradeNo"))
              .collect(Collectors.toSet());
      assertThat(numbers).hasSize(1);
      outTradeNo = numbers.iterator().next();
      String qrCode =
          answers.stream().filter(r -> r.status() == 200).findFirst().orElseThrow().text("qrCode");
      assertThat(http.walletPay(qrCode).status()).isEqualTo(200);
      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> payment(outTradeNo).status() == PaymentStatus.SUCCESS);
      await().atMost(Duration.ofSeconds(60)).until(() -> deliveredNotifies(http, outTradeNo) >= 5);
    } finally {
      ServerControl.startRedis();
      new PayOnceHttp(port).calm();
    }

    assertThat(answers)
        .allSatisfy(r -> assertThat(r.status()).isIn(200, 409))
        .anySatisfy(r -> assertThat(r.status()).isEqualTo(200));
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

  @Test
  void payTokensAreIssuedToAndConsumedFromTheDatabaseWhileRedisIsDown() throws Exception {
    PayOnceHttp http = new PayOnceHttp(port);
    String orderNo = TestNumbers.orderNo("tokendown");
    orders.create(
        new NewOrder(TestApps.APP_ID, orderNo, "grace", Money.ofMinor(1234, "CNY"), "Redis down"));
    ServerControl.stopRedis();
    try {
      String token = http.get(http.serverBase() + "/api/pay/get-token?userId=grace").text("token");
      Map<String, String> body = Map.of("orderNo", orderNo, "payToken", token);

      Answer first = http.precreate(body, Map.of());
      Answer again = http.precreate(body, Map.of());

      assertThat(first.status()).isEqualTo(200);
      assertThat(again.status()).isEqualTo(200);
      assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
      assertThat(
              jdbc.sql("SELECT COUNT(*) FROM pay_token WHERE token = :t AND used_at IS NOT NULL")
                  .param("t", token)
                  .query(Long.class)
                  .single())
          .isEqualTo(1);
    } finally {
      ServerControl.startRedis();
    }
  }

  private double lockFailures() {
    var counter = meters.find("payonce.redis.failures").tag("operation", "lock").counter();
    return counter == null ? 0 : counter.count();
  }

  private Payment payment(String outTradeNo) {
    return payments.findByOutTradeNo(outTradeNo).orElseThrow();
  }

  private static long deliveredNotifies(PayOnceHttp http, String outTradeNo) {
    return http.notifies(outTradeNo).stream()
        .filter(n -> "DELIVERED".equals(n.get("outcome").asString()))
        .count();
  }

  private static long sandboxCalls(PayOnceHttp http, String outTradeNo, String method) {
    return http.calls(outTradeNo, method).size();
  }
}
