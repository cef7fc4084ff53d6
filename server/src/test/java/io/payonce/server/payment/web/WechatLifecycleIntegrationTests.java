package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.OutboxEvent;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The seed's cases and the lifecycle races that {@link AlipayScanToPayIntegrationTests} and {@link
 * PaymentLifecycleIntegrationTests} make for Alipay, made for WeChat Pay Native: every outcome
 * checked on our books and against the sandbox's WeChat ledger. Cases the other WeChat classes
 * already make (dropped, forged, tampered and repeated notifies, concurrent and replayed prepays, a
 * prepay retried under its number, the janitor closing an expired code) are not repeated here. On
 * each database through the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class WechatLifecycleIntegrationTests {

  private static final String PREPAY = "wechat.native.prepay";
  private static final Duration PAST_EXPIRY = Duration.ofMinutes(16);
  private static final Duration SETTLES = Duration.ofSeconds(30);

  @LocalServerPort int port;
  @Autowired MutableClock clock;
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
    clock.reset();
    http.resetSandboxClock();
  }

  @Test
  void anIdempotencyKeyReusedWithAnotherBodyIsRefusedNamingTheField() {
    String orderNo = http.createOrder("3.21");
    String otherOrder = http.createOrder("3.21");
    String key = "wx-key-" + orderNo;

    Answer first = http.wechatPrecreate(Map.of("orderNo", orderNo), Map.of("Idempotency-Key", key));
    Answer reused =
        http.wechatPrecreate(Map.of("orderNo", otherOrder), Map.of("Idempotency-Key", key));

    assertThat(first.status()).isEqualTo(200);
    assertThat(reused.status()).isEqualTo(422);
    assertThat(reused.header("Content-Type")).startsWith("application/problem+json");
    assertThat(reused.text("type")).endsWith("/idempotency-key-reused");
    assertThat(reused.json().path("fields").valueStream().map(JsonNode::asString))
        .containsExactly("orderNo");
    assertThat(http.payments(otherOrder)).isEmpty();
    assertThat(http.wechatCalls(first.text("outTradeNo"), PREPAY)).hasSize(1);
  }

  @Test
  void aNotifyRacingQueriesMakesExactlyOneTransition() throws Exception {
    String orderNo = http.createOrder("5.55");
    Answer qr = http.wechatPrecreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyCopies", 4));

    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    List<Answer> queries = Concurrently.run(12, i -> http.query(orderNo));

    assertThat(queries).extracting(Answer::status).containsOnly(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.query(orderNo).text("orderStatus")));
    await()
        .atMost(SETTLES)
        .until(() -> http.payment(outTradeNo).json().path("notifies").size() >= 4);
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(transitionsTo(payment, "SUCCESS")).isEqualTo(1);
    assertThat(orderPaidEvents(orderNo)).isEqualTo(1);
    assertThat(http.wechatOrders(outTradeNo))
        .singleElement()
        .satisfies(o -> assertThat(o.path("tradeState").asString()).isEqualTo("SUCCESS"));
  }

  @Test
  void aPaidOrderTakesNoNewPaymentOnEitherChannel() {
    String orderNo = http.createOrder("2.00");
    Answer qr = http.wechatPrecreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));

    Answer wechat = http.wechatPrecreate(orderNo);
    Answer refreshed = http.wechatRefresh(orderNo);
    Answer alipay = http.precreate(orderNo);

    for (Answer again : List.of(wechat, refreshed, alipay)) {
      assertThat(again.status()).isEqualTo(409);
      assertThat(again.text("type")).endsWith("/order-paid");
    }
    assertThat(http.payments(orderNo)).hasSize(1);
    assertThat(http.wechatCalls(outTradeNo, PREPAY)).hasSize(1);
    assertThat(http.wechatOrders(outTradeNo))
        .singleElement()
        .satisfies(o -> assertThat(o.path("tradeState").asString()).isEqualTo("SUCCESS"));
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void badWechatPrecreateRequestsAreClearProblemsThatChangeNothing() {
    String unknownNo = "NO-SUCH-ORDER-" + System.nanoTime();
    Answer unknownOrder = http.wechatPrecreate(unknownNo);
    Answer badNumber = http.wechatPrecreate(Map.of("orderNo", "bad number!"), Map.of());
    Answer malformed = http.wechatPrecreate("{\"orderNo\":", Map.of());
    Answer badKey = http.wechatPrecreate(Map.of("orderNo", "x"), Map.of("Idempotency-Key", " "));

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
    assertThat(http.payments(unknownNo)).isEmpty();
  }

  @Test
  void closeRacingTheBuyerNeverLosesAPaymentNorLeavesTwoCharges() throws Exception {
    long seed = Long.getLong("payonce.test.seed", System.nanoTime());
    System.out.println("wechat closeRacingTheBuyer seed=" + seed + " (-Dpayonce.test.seed)");
    Random random = new Random(seed);
    for (int i = 0; i < 8; i++) {
      String orderNo = http.createOrder("9.90");
      Answer qr = http.wechatPrecreate(orderNo);
      String outTradeNo = qr.text("outTradeNo");
      boolean buyerFirst = random.nextBoolean();

      List<Answer> answers =
          Concurrently.run(
              2,
              n ->
                  (n == 0) == buyerFirst ? http.walletPay(qr.text("qrCode")) : http.close(orderNo));

      await()
          .atMost(SETTLES)
          .untilAsserted(() -> assertSettledWithOneChargeAtMostNet(orderNo, outTradeNo));
      assertThat(answers).extracting(Answer::status).doesNotContain(500);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"PARAM_ERROR", "ORDER_NOT_EXIST"})
  void aCloseWechatKeepsRefusingOfAnUnpaidOrderIsTriedTwiceThenAnsweredUnknown(String refusal) {
    String orderNo = http.createOrder("7.78");
    String outTradeNo = http.wechatPrecreate(orderNo).text("outTradeNo");
    // WeChat refuses every close of the order, whose query keeps saying NOTPAY.
    http.chaos(Map.of("wechatCloseRefusal", refusal));

    Answer closed = http.close(orderNo);

    assertThat(closed.status()).as(closed.body()).isEqualTo(503);
    assertThat(closed.text("type")).endsWith("/channel-unavailable");
    assertThat(closed.header("Retry-After")).isNotNull();
    // The close and one re-close, each refusal asked about once: no loop against the channel.
    assertThat(http.wechatCalls(outTradeNo, "wechat.close")).hasSize(2);
    assertThat(http.wechatCalls(outTradeNo, "wechat.query")).hasSize(2);
    // Still in flight: the janitor (or the cancel again) finishes the job once WeChat closes.
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("PRECREATED");
    http.calm();
    Answer again = http.close(orderNo);
    assertThat(again.status()).as(again.body()).isEqualTo(200);
    assertThat(again.text("orderStatus")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
  }

  @Test
  void aClosedOrdersWechatCodeIsClosedAtTheChannelAndPayingItChargesNothing() {
    String orderNo = http.createOrder("7.77");
    Answer qr = http.wechatPrecreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");

    Answer closed = http.close(orderNo);
    Answer paid = http.walletPay(qr.text("qrCode"));
    Answer again = http.wechatPrecreate(orderNo);
    Answer alipay = http.precreate(orderNo);

    assertThat(closed.status()).isEqualTo(200);
    assertThat(closed.text("orderStatus")).isEqualTo("CLOSED");
    // Unlike Alipay's unscanned code, a NOTPAY WeChat order is closed for good: the pay is refused.
    assertThat(paid.status()).isGreaterThanOrEqualTo(400);
    JsonNode ledger = http.wechatOrders(outTradeNo).get(0);
    assertThat(ledger.path("tradeState").asString()).isEqualTo("CLOSED");
    assertThat(ledger.path("paidAt").isNull() || ledger.path("paidAt").isMissingNode()).isTrue();
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    for (Answer refused : List.of(again, alipay)) {
      assertThat(refused.status()).isEqualTo(409);
      assertThat(refused.text("type")).endsWith("/order-closed");
    }
    assertThat(http.payments(orderNo)).hasSize(1);
    assertThat(http.close(orderNo).text("orderStatus")).isEqualTo("CLOSED");
  }

  @Test
  void aPrepayOvertakenByTheOrdersCloseAnswersOrderClosedAndItsCodeIsClosedAtWechat()
      throws Exception {
    String orderNo = http.createOrder("4.01");
    // WeChat creates the order at once but its answer is held: the merchant cancels meanwhile.
    http.chaos(Map.of("method", PREPAY, "gatewayLatencyMs", 2_500));
    CompletableFuture<Answer> prepay =
        CompletableFuture.supplyAsync(() -> http.wechatPrecreate(orderNo));
    await().atMost(SETTLES).until(() -> !http.payments(orderNo).isEmpty());
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    await().atMost(SETTLES).until(() -> !http.wechatOrders(outTradeNo).isEmpty());

    Answer closed = http.close(orderNo);
    Answer answer = prepay.get(30, TimeUnit.SECONDS);
    http.calm();

    assertThat(closed.status()).isEqualTo(200);
    assertThat(closed.text("orderStatus")).isEqualTo("CLOSED");
    assertThat(answer.status()).isEqualTo(409);
    assertThat(answer.text("type")).endsWith("/order-closed");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.payments(orderNo)).hasSize(1);
    // The close reached WeChat: the buyer who got the code all the same is refused, not charged.
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
    String codeUrl = http.wechatOrders(outTradeNo).get(0).path("codeUrl").asString();
    assertThat(http.walletPay(codeUrl).status()).isGreaterThanOrEqualTo(400);
    await()
        .atMost(SETTLES)
        .untilAsserted(() -> assertSettledWithOneChargeAtMostNet(orderNo, outTradeNo));
    assertThat(http.orderStatus(orderNo)).isEqualTo("CLOSED");
  }

  @Test
  void refreshingALiveWechatCodeClosesItAtTheChannelAndIssuesANewNumber() {
    String orderNo = http.createOrder("12.00");
    Answer first = http.wechatPrecreate(orderNo);
    String oldNo = first.text("outTradeNo");

    Answer refreshed = http.wechatRefresh(orderNo);

    // Unlike an unscanned Alipay code, a live WeChat code can provably be closed: it is replaced.
    assertThat(refreshed.status()).isEqualTo(200);
    String newNo = refreshed.text("outTradeNo");
    assertThat(newNo).isNotEqualTo(oldNo);
    assertThat(refreshed.text("qrCode")).isNotEqualTo(first.text("qrCode"));
    assertThat(http.payment(oldNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(oldNo).get(0).path("tradeState").asString()).isEqualTo("CLOSED");
    assertThat(http.walletPay(first.text("qrCode")).status()).isGreaterThanOrEqualTo(400);
    assertThat(http.wechatCalls(newNo, PREPAY)).hasSize(1);

    assertThat(http.walletPay(refreshed.text("qrCode")).status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.wechatOrders(oldNo).get(0).path("paidAt").isNull()).isTrue();
    assertThat(http.wechatOrders(newNo).get(0).path("tradeState").asString()).isEqualTo("SUCCESS");
  }

  @Test
  void concurrentWechatRefreshesLeaveOnePayableCodeAndChargeTheBuyerOnceNet() throws Exception {
    String orderNo = http.createOrder("6.00");
    http.wechatPrecreate(orderNo);

    List<Answer> refreshed = Concurrently.run(10, i -> http.wechatRefresh(orderNo));

    assertThat(refreshed).extracting(Answer::status).allMatch(s -> s == 200 || s == 409);
    assertThat(refreshed).extracting(Answer::status).contains(200);
    List<JsonNode> payments = http.payments(orderNo);
    assertThat(
            payments.stream()
                .map(p -> p.path("status").asString())
                .filter(s -> !s.equals("CLOSED") && !s.equals("FAIL")))
        .hasSizeLessThanOrEqualTo(1);
    // The buyer pays every code any of them was shown: one is taken, the rest are refused.
    for (JsonNode payment : payments) {
      String code = http.payment(payment.path("outTradeNo").asString()).text("qrCode");
      if (code != null && !code.isEmpty()) {
        http.walletPay(code);
      }
    }
    String live = http.wechatPrecreate(orderNo).text("qrCode");
    if (!live.isEmpty()) {
      http.walletPay(live);
    }
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    long charged = 0;
    for (JsonNode payment : http.payments(orderNo)) {
      for (JsonNode order : http.wechatOrders(payment.path("outTradeNo").asString())) {
        if (order.path("paidAt").isString()) {
          charged += order.path("total").asLong() - order.path("refundedSuccessfully").asLong();
        }
      }
    }
    assertThat(charged).isEqualTo(600);
    assertThat(refunds(orderNo)).isEmpty();
  }

  @Test
  void anExpiredWechatCodeIsReplacedUnderANewNumberAndCanNoLongerBePaid() {
    String orderNo = http.createOrder("3.30");
    Answer first = http.wechatPrecreate(orderNo);
    String oldNo = first.text("outTradeNo");

    clock.advance(PAST_EXPIRY);
    http.sandboxClock(PAST_EXPIRY);
    Answer replaced = http.wechatRefresh(orderNo);

    assertThat(replaced.status()).isEqualTo(200);
    String newNo = replaced.text("outTradeNo");
    assertThat(newNo).isNotEqualTo(oldNo);
    assertThat(replaced.text("qrCode")).isNotEqualTo(first.text("qrCode"));
    assertThat(http.payment(oldNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.walletPay(first.text("qrCode")).status()).isGreaterThanOrEqualTo(400);
    assertThat(http.wechatOrders(oldNo).get(0).path("tradeState").asString())
        .isIn("CLOSED", "NOTPAY");
    assertThat(http.wechatOrders(oldNo).get(0).path("paidAt").isNull()).isTrue();

    assertThat(http.walletPay(replaced.text("qrCode")).status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.payment(newNo).text("status")).isEqualTo("SUCCESS");
    assertThat(http.wechatOrders(newNo).get(0).path("tradeState").asString()).isEqualTo("SUCCESS");
  }

  /** Uncharged: order and payment closed. Charged: recorded, and refunded in full if cancelled. */
  private void assertSettledWithOneChargeAtMostNet(String orderNo, String outTradeNo) {
    JsonNode ledger = http.wechatOrders(outTradeNo).get(0);
    String orderStatus = http.orderStatus(orderNo);
    String paymentStatus = http.payment(outTradeNo).text("status");
    boolean charged =
        ledger.path("paidAt").isString() && !ledger.path("paidAt").asString().isEmpty();
    if (!charged) {
      assertThat(ledger.path("tradeState").asString()).isIn("CLOSED", "NOTPAY");
      assertThat(orderStatus).isEqualTo("CLOSED");
      assertThat(paymentStatus).isEqualTo("CLOSED");
      return;
    }
    assertThat(paymentStatus).isEqualTo("SUCCESS");
    if (orderStatus.equals("CLOSED")) {
      assertThat(ledger.path("refundedSuccessfully").asLong())
          .isEqualTo(ledger.path("total").asLong());
      assertThat(refunds(orderNo))
          .singleElement()
          .satisfies(r -> assertThat(r.path("kind").asString()).isEqualTo("DUPLICATE"));
      assertThat(http.payment(outTradeNo).json().path("alarms").valueStream())
          .anySatisfy(a -> assertThat(a.path("type").asString()).isEqualTo("PAID_AFTER_CLOSE"));
    } else {
      assertThat(orderStatus).isEqualTo("PAID");
      assertThat(ledger.path("refundedSuccessfully").asLong()).isZero();
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
        .filter(j -> status.equals(j.path("toStatus").asString()))
        .count();
  }

  private List<JsonNode> refunds(String orderNo) {
    return http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo)
        .json()
        .valueStream()
        .toList();
  }
}
