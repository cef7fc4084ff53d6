package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.OutboxEvent;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The heart of the promise, end to end: the server (official SDK) against the sandbox over HTTP,
 * whose ledger is the truth of what the buyer paid. The seed's nine cases and the nasty ones, on
 * each database through the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class AlipayScanToPayIntegrationTests {

  private static final String PRECREATE = "alipay.trade.precreate";

  @LocalServerPort int port;
  @Autowired OutboxReader outbox;
  @Autowired OrderService orders;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    http.calm();
  }

  @Test
  void fiftyConcurrentPrecreatesOpenOnePaymentAndCallTheChannelOnce() throws Exception {
    String orderNo = http.createOrder("12.34");

    List<Answer> answers = concurrently(50, i -> http.precreate(orderNo));

    assertThat(answers).extracting(Answer::status).containsOnly(200);
    assertThat(answers.stream().map(a -> a.text("qrCode")).distinct()).hasSize(1);
    String outTradeNo = answers.get(0).text("outTradeNo");
    assertThat(answers.stream().map(a -> a.text("outTradeNo")).distinct()).hasSize(1);
    assertThat(http.calls(outTradeNo, PRECREATE)).hasSize(1);
    assertThat(http.payments(orderNo)).hasSize(1);
  }

  @Test
  void aRepeatedPrecreateReturnsTheSameQrWithoutCallingTheChannel() {
    String orderNo = http.createOrder("8.00");

    Answer first = http.precreate(orderNo);
    Answer again = http.precreate(orderNo);
    Answer andAgain = http.precreate(orderNo);

    assertThat(first.status()).isEqualTo(200);
    assertThat(first.text("paymentStatus")).isEqualTo("PRECREATED");
    assertThat(again.text("qrCode")).isEqualTo(first.text("qrCode"));
    assertThat(andAgain.text("outTradeNo")).isEqualTo(first.text("outTradeNo"));
    assertThat(http.calls(first.text("outTradeNo"), PRECREATE)).hasSize(1);
  }

  @Test
  void theSameRequestIdReplaysTheFirstResponseByteForByte() throws Exception {
    String orderNo = http.createOrder("3.21");
    Map<String, Object> body = Map.of("orderNo", orderNo, "requestId", "req-" + orderNo);

    List<Answer> answers = concurrently(10, i -> http.precreate(body, Map.of()));
    Answer later = http.precreate(body, Map.of());

    Answer first = answers.stream().filter(a -> a.status() == 200).findFirst().orElseThrow();
    for (Answer answer : answers) {
      // Concurrent repeats either replay the first response or are told it is still running.
      if (answer.status() == 200) {
        assertThat(answer.body()).isEqualTo(first.body());
      } else {
        assertThat(answer.status()).isEqualTo(409);
        assertThat(answer.header("Retry-After")).isNotNull();
      }
    }
    assertThat(later.status()).isEqualTo(200);
    assertThat(later.body()).isEqualTo(first.body());
    assertThat(later.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(http.calls(first.text("outTradeNo"), PRECREATE)).hasSize(1);
  }

  @Test
  void anIdempotencyKeyIsTheSameKeyOnAnEncodedPathOfItsEndpoint() {
    String orderNo = http.createOrder("3.22");
    String otherOrder = http.createOrder("3.22");
    String key = "key-enc-" + orderNo;

    Answer first = http.precreate(Map.of("orderNo", orderNo), Map.of("Idempotency-Key", key));
    Answer replayed =
        http.post(
            http.serverBase() + "/pay/alipay/%70recreate",
            Map.of("orderNo", orderNo),
            Map.of("Idempotency-Key", key));
    Answer reused =
        http.post(
            http.serverBase() + "/pay/alipay/%70recreate",
            Map.of("orderNo", otherOrder),
            Map.of("Idempotency-Key", key));

    assertThat(first.status()).isEqualTo(200);
    assertThat(replayed.body()).isEqualTo(first.body());
    assertThat(replayed.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(reused.status()).isEqualTo(422);
    assertThat(reused.text("type")).endsWith("/idempotency-key-reused");
    assertThat(http.query(otherOrder).json().get("payment").isNull()).isTrue();
  }

  @Test
  void anIdempotencyKeyReusedWithAnotherBodyIsRefusedNamingTheField() {
    String orderNo = http.createOrder("3.21");
    String otherOrder = http.createOrder("3.21");
    String key = "key-" + orderNo;

    Answer first = http.precreate(Map.of("orderNo", orderNo), Map.of("Idempotency-Key", key));
    Answer reused = http.precreate(Map.of("orderNo", otherOrder), Map.of("Idempotency-Key", key));

    assertThat(first.status()).isEqualTo(200);
    assertThat(reused.status()).isEqualTo(422);
    assertThat(reused.header("Content-Type")).startsWith("application/problem+json");
    assertThat(reused.text("type")).endsWith("/idempotency-key-reused");
    assertThat(reused.json().path("fields").valueStream().map(JsonNode::asString))
        .containsExactly("orderNo");
    assertThat(http.payments(otherOrder)).isEmpty();
  }

  @Test
  void tenCopiesOfANotifyMakeOneTransitionAndOneEvent() {
    String orderNo = http.createOrder("66.60");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyCopies", 10));

    http.walletPay(qr.text("qrCode"));

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> http.payment(outTradeNo).json().path("notifies").size() >= 10);
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(transitionsTo(payment, "SUCCESS")).isEqualTo(1);
    assertThat(payment.path("notifies").valueStream().map(n -> n.path("reply").asString()))
        .containsOnly("success");
    assertThat(orderPaidEvents(orderNo)).isEqualTo(1);
    assertThat(http.trades(outTradeNo))
        .singleElement()
        .satisfies(t -> assertThat(t.path("status").asString()).isEqualTo("TRADE_SUCCESS"));
  }

  @Test
  void aNotifyRacingQueriesMakesExactlyOneTransition() throws Exception {
    String orderNo = http.createOrder("5.55");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyCopies", 4));

    http.walletPay(qr.text("qrCode"));
    concurrently(12, i -> http.query(orderNo));

    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> "PAID".equals(http.query(orderNo).text("orderStatus")));
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(transitionsTo(payment, "SUCCESS")).isEqualTo(1);
    assertThat(orderPaidEvents(orderNo)).isEqualTo(1);
  }

  @Test
  void aTamperedAmountRaisesAnAlarmAndChangesNothing() {
    String orderNo = http.createOrder("10.00");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "tamperAmount", true));

    http.walletPay(qr.text("qrCode"));

    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              JsonNode seen = http.payment(outTradeNo).json();
              return seen.path("alarms").size() >= 1 && seen.path("notifies").size() >= 1;
            });
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("PRECREATED");
    assertThat(payment.path("alarms").get(0).path("type").asString()).isEqualTo("AMOUNT_MISMATCH");
    assertThat(payment.path("notifies").get(0).path("reply").asString()).isEqualTo("fail");
    assertThat(orderPaidEvents(orderNo)).isZero();
  }

  @Test
  void aForgedSignatureIsAnsweredFailAndChangesNothing() {
    String orderNo = http.createOrder("10.00");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "badSignature", true));

    http.walletPay(qr.text("qrCode"));
    Answer handMade =
        http.postForm(
            "/pay/alipay/notify",
            "out_trade_no="
                + outTradeNo
                + "&trade_status=TRADE_SUCCESS&total_amount=10.00&trade_no=1&sign=Zm9yZ2Vk&sign_type=RSA2");

    assertThat(handMade.body()).isEqualTo("fail");
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () ->
                http.payment(outTradeNo)
                        .json()
                        .path("notifies")
                        .valueStream()
                        .filter(n -> n.path("outcome").asString().equals("BAD_SIGNATURE"))
                        .count()
                    >= 2);
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("PRECREATED");
    assertThat(payment.path("alarms").valueStream().map(a -> a.path("type").asString()))
        .contains("BAD_SIGNATURE");
    assertThat(orderPaidEvents(orderNo)).isZero();
  }

  @Test
  void aDroppedNotifyIsMadeGoodByTheBuyersQuery() {
    String orderNo = http.createOrder("1.99");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));

    http.walletPay(qr.text("qrCode"));
    Answer query = http.query(orderNo);

    assertThat(query.text("orderStatus")).isEqualTo("PAID");
    assertThat(query.json().path("payment").path("status").asString()).isEqualTo("SUCCESS");
    assertThat(query.json().path("payment").path("tradeNo").asString()).isNotBlank();
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("notifies").size()).isZero();
    assertThat(
            payment
                .path("journal")
                .valueStream()
                .filter(j -> j.path("toStatus").asString().equals("SUCCESS"))
                .map(j -> j.path("source").asString()))
        .containsExactly("QUERY");
    assertThat(orderPaidEvents(orderNo)).isEqualTo(1);
  }

  @Test
  void aPrecreateThatTookEffectButTimedOutIsRetriedUnderTheSameNumber() {
    String orderNo = http.createOrder("42.00");
    http.chaos(
        Map.of("method", PRECREATE, "commitThenTimeout", true, "commitThenTimeoutStallMs", 6000));

    Answer unknown = http.precreate(orderNo);
    http.calm();
    Answer retried = http.precreate(orderNo);

    assertThat(unknown.status()).isEqualTo(503);
    assertThat(unknown.header("Retry-After")).isNotNull();
    assertThat(unknown.text("type")).endsWith("/channel-unavailable");
    assertThat(retried.status()).isEqualTo(200);
    String outTradeNo = retried.text("outTradeNo");
    assertThat(http.calls(outTradeNo, PRECREATE)).hasSize(2);
    assertThat(http.payments(orderNo)).hasSize(1);
    http.walletPay(retried.text("qrCode"));
    assertThat(http.trades(outTradeNo))
        .singleElement()
        .satisfies(t -> assertThat(t.path("status").asString()).isEqualTo("TRADE_SUCCESS"));
  }

  @Test
  void aPaidOrderTakesNoNewPayment() {
    String orderNo = http.createOrder("2.00");
    Answer qr = http.precreate(orderNo);
    http.walletPay(qr.text("qrCode"));
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));

    Answer again = http.precreate(orderNo);

    assertThat(again.status()).isEqualTo(409);
    assertThat(again.text("type")).endsWith("/order-paid");
    assertThat(http.calls(qr.text("outTradeNo"), PRECREATE)).hasSize(1);
  }

  @Test
  void badPrecreateRequestsAreClearProblemsThatChangeNothing() {
    Answer unknownOrder = http.precreate("NO-SUCH-ORDER-" + System.nanoTime());
    Answer badNumber = http.precreate(Map.of("orderNo", "bad number!"), Map.of());
    Answer malformed = http.precreate("{\"orderNo\":", Map.of());
    Answer badKey = http.precreate(Map.of("orderNo", "x"), Map.of("Idempotency-Key", " "));

    assertThat(unknownOrder.status()).isEqualTo(404);
    assertThat(badNumber.status()).isEqualTo(400);
    assertThat(badNumber.json().path("errors").get(0).path("field").asString())
        .isEqualTo("orderNo");
    assertThat(malformed.status()).isEqualTo(400);
    assertThat(badKey.status()).isEqualTo(400);
    for (Answer answer : List.of(unknownOrder, badNumber, malformed, badKey)) {
      assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
      assertThat(answer.body()).doesNotContain("Exception").doesNotContain("at io.");
    }
  }

  private long orderPaidEvents(String orderNo) {
    long orderId = orders.find(TestApps.ref(orderNo)).orElseThrow().id();
    return outbox.eventsOf(Aggregate.ORDER, orderId).stream()
        .map(OutboxEvent::eventType)
        .filter("OrderPaid"::equals)
        .count();
  }

  private static long transitionsTo(JsonNode payment, String status) {
    return payment
        .path("journal")
        .valueStream()
        .filter(j -> j.path("toStatus").asString().equals(status))
        .count();
  }

  private static <T> List<T> concurrently(int threads, java.util.function.IntFunction<T> work)
      throws Exception {
    return io.payonce.server.testing.Concurrently.run(threads, work);
  }

  @SuppressWarnings("unused")
  private static String describe(List<Answer> answers) {
    return answers.stream().map(a -> a.status() + " " + a.body()).collect(Collectors.joining("\n"));
  }
}
