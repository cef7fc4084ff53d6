package io.payonce.server.refund.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.alipay.AlipayChannel;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.chaos.CrashPoints;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.money.Money;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.OutboxEvent;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.payment.PaymentJanitor;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Refunds as a merchant's backend asks for them: twins with one number at the same moment, refunds
 * the channel refuses, a zero amount, and a channel that says it moved no money.
 */
@PayOnceIntegrationTest
// The janitor's back-off is long: its question must hold back a refund's only as any other would.
@TestPropertySource(properties = "payonce.janitor.min-backoff=10m")
abstract class RefundIntegrationTests {

  @LocalServerPort int port;
  @Autowired OrderService orders;
  @Autowired OutboxReader outbox;
  @Autowired AlipayChannel alipay;
  @Autowired PaymentJanitor janitor;
  @Autowired io.payonce.server.refund.RefundExecutor refundExecutor;
  @Autowired org.springframework.jdbc.core.simple.JdbcClient jdbc;

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
  void tenTwinsWithOneRefundNumberAllGetTheFirstRefundsAnswer() throws Exception {
    String orderNo = paidOrder("6.60");
    String number = "TW" + System.nanoTime();

    List<Answer> answers = Concurrently.run(10, i -> http.refund(orderNo, number, "6.60"));

    assertThat(answers).extracting(Answer::status).containsOnly(200);
    assertThat(answers)
        .allSatisfy(
            answer -> {
              assertThat(answer.text("outRequestNo")).isEqualTo(number);
              assertThat(answer.text("status")).isEqualTo("SUCCESS");
            });
    String outTradeNo = answers.get(0).text("outTradeNo");
    assertThat(http.trades(outTradeNo).get(0).path("refunds")).hasSize(1);
    assertThat(http.trades(outTradeNo).get(0).path("refundedAmount").asString()).isEqualTo("6.60");
    assertThat(http.orderStatus(orderNo)).isEqualTo("REFUNDED");
    assertThat(eventsOf(orderNo, "OrderRefunded")).hasSize(1);
  }

  @Test
  void refundsOfAnOrderTheBuyerJustPaidAreAnsweredAlikeBeforeItsNotifyArrives() throws Exception {
    String orderNo = http.createOrder("5.50");
    Answer qr = http.precreate(orderNo);
    http.chaos(Map.of("notifyDrop", true));
    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    String number = "RJ" + System.nanoTime();

    // The till saw the buyer's phone say "paid" and refunds at once, three times: PayOnce has not
    // heard of the payment yet, so it asks the channel before it answers "not paid".
    List<Answer> answers = Concurrently.run(3, i -> http.refund(orderNo, number, "5.50"));

    // The bodies too: a 422 among three (refund-exceeds-payment?) was seen once, not explained.
    assertThat(answers)
        .as(answers.stream().map(Answer::body).toList().toString())
        .extracting(Answer::status)
        .containsOnly(200);
    assertThat(answers).extracting(a -> a.text("status")).containsOnly("SUCCESS");
    String outTradeNo = answers.get(0).text("outTradeNo");
    assertThat(http.trades(outTradeNo).get(0).path("refunds")).hasSize(1);
    assertThat(http.orderStatus(orderNo)).isEqualTo("REFUNDED");
  }

  @Test
  void aPaidOrderTheChannelCannotConfirmIsAnswered503AndItsKeyRefundsOnceLater() {
    String orderNo = http.createOrder("5.70");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    // The buyer pays; the notify is lost, and the channel's query answers a system error.
    http.chaos(Map.of("notifyDrop", true));
    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    http.chaos(
        Map.of(
            "method", "alipay.trade.query", "gatewayErrorRate", 1.0, "gatewayErrorCode", "20000"));
    String number = "RU" + System.nanoTime();
    Map<String, String> key = Map.of("Idempotency-Key", "key-" + number);

    Answer unknown = refundUnderKey(orderNo, number, "5.70", key);

    // "Could not ask" is not "not paid": nothing is decided, the key is not spent.
    assertThat(unknown.status()).as(unknown.body()).isEqualTo(503);
    assertThat(unknown.header("Retry-After")).isNotNull();
    assertThat(unknown.header("Content-Type")).startsWith("application/problem+json");
    assertThat(unknown.text("type")).endsWith("/channel-unavailable");
    // One query of its one open payment, no more.
    assertThat(http.calls(outTradeNo, "alipay.trade.query")).hasSize(1);
    assertThat(http.trades(outTradeNo).get(0).path("refunds")).isEmpty();

    http.calm();
    Answer retry = refundUnderKey(orderNo, number, "5.70", key);
    Answer replay = refundUnderKey(orderNo, number, "5.70", key);

    assertThat(retry.status()).as(retry.body()).isEqualTo(200);
    assertThat(retry.text("status")).isEqualTo("SUCCESS");
    assertThat(replay.status()).isEqualTo(200);
    assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(replay.text("outRequestNo")).isEqualTo(number);
    assertThat(http.trades(outTradeNo).get(0).path("refunds")).hasSize(1);
    assertThat(http.orderStatus(orderNo)).isEqualTo("REFUNDED");
  }

  @Test
  void aRefundAnsweredUnknownIsMadeOnceUnderItsKeyWhenTheLateNotifyHasArrived() {
    String orderNo = http.createOrder("5.80");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    // The notify is held for a while; the channel's query keeps failing throughout.
    http.chaos(Map.of("notifyDelayMs", 1_500));
    http.chaos(
        Map.of(
            "method", "alipay.trade.query", "gatewayErrorRate", 1.0, "gatewayErrorCode", "20000"));
    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    String number = "RL" + System.nanoTime();
    Map<String, String> key = Map.of("Idempotency-Key", "key-" + number);

    Answer unknown = refundUnderKey(orderNo, number, "5.80", key);

    assertThat(unknown.status()).as(unknown.body()).isEqualTo(503);
    assertThat(unknown.header("Retry-After")).isNotNull();
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));

    Answer retry = refundUnderKey(orderNo, number, "5.80", key);
    Answer replay = refundUnderKey(orderNo, number, "5.80", key);

    assertThat(retry.status()).as(retry.body()).isEqualTo(200);
    assertThat(retry.text("status")).isEqualTo("SUCCESS");
    assertThat(replay.status()).isEqualTo(200);
    assertThat(replay.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(http.trades(outTradeNo).get(0).path("refunds")).hasSize(1);
  }

  private Answer refundUnderKey(
      String orderNo, String number, String amount, Map<String, String> key) {
    return http.post(
        http.serverBase() + "/pay/refund",
        Map.of("orderNo", orderNo, "outRequestNo", number, "amount", amount, "reason", "test"),
        key);
  }

  @Test
  void aRefundOfAnOrderNobodyPaidIsRefusedAfterAskingTheChannel() {
    String orderNo = http.createOrder("5.60");
    String outTradeNo = http.precreate(orderNo).text("outTradeNo");

    Answer refused = http.refund(orderNo, "RN" + System.nanoTime(), "5.60");

    assertThat(refused.status()).isEqualTo(409);
    assertThat(refused.text("type")).endsWith("/order-not-paid");
    assertThat(http.calls(outTradeNo, "alipay.trade.query")).hasSize(1);
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAYING");
  }

  @Test
  void aRefundOfAnOrderTheJanitorJustAskedAboutIsRefusedNotAnswered503() {
    String orderNo = http.createOrder("5.65");
    String outTradeNo = http.precreate(orderNo).text("outTradeNo");
    // The janitor asks about the unpaid code and backs off for ten minutes; the channel is up.
    janitor.sweep();
    assertThat(http.calls(outTradeNo, "alipay.trade.query")).hasSize(1);
    String number = "RJ" + System.nanoTime();

    Answer refused =
        refundUnderKey(orderNo, number, "5.65", Map.of("Idempotency-Key", "key-" + number));

    // Held back only for the query interval (0s here), not for the janitor's back-off.
    assertThat(refused.status()).as(refused.body()).isEqualTo(409);
    assertThat(refused.text("type")).endsWith("/order-not-paid");
    assertThat(http.calls(outTradeNo, "alipay.trade.query")).hasSize(2);
  }

  @Test
  void aRefusedRefundTellsConsumersNothingNewAboutThePayment() {
    String orderNo = paidOrder("7.70");
    refuseRefunds();

    Answer refused = http.refund(orderNo, "RF" + System.nanoTime(), "7.70");

    assertThat(refused.text("status")).isEqualTo("FAIL");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(eventsOf(orderNo, "OrderPaid")).hasSize(1);

    // A partial refund that succeeds is news once; another refused one does not repeat it.
    http.calm();
    assertThat(http.refund(orderNo, "RP" + System.nanoTime(), "1.00").text("status"))
        .isEqualTo("SUCCESS");
    refuseRefunds();
    assertThat(http.refund(orderNo, "RX" + System.nanoTime(), "2.00").text("status"))
        .isEqualTo("FAIL");

    assertThat(http.orderStatus(orderNo)).isEqualTo("PARTIALLY_REFUNDED");
    assertThat(eventsOf(orderNo, "OrderPaid")).hasSize(1);
    assertThat(eventsOf(orderNo, "OrderPartiallyRefunded")).hasSize(1);
    assertThat(eventsOf(orderNo, "OrderPartiallyRefunded").get(0).payload())
        .contains("\"refundedAmount\":\"1.00\"");
  }

  @Test
  void aRefusalRecordedAfterItsAttemptWasTakenOverDoesNotHideTheRefundTheNextAttemptMade()
      throws Exception {
    String orderNo = paidOrder("6.70");
    String outTradeNo = http.query(orderNo).json().path("payment").path("outTradeNo").asString();
    String number = "RT" + System.nanoTime();
    refuseRefunds();
    // The request's attempt is told "refused", then stalls before recording it, past its claim
    // (retry-after is 0 here): another attempt (the janitor's) takes the refund over, asks the
    // channel — which refunds now — and records its answer only after the stalled refusal was.
    CountDownLatch secondAnswered = new CountDownLatch(1);
    CountDownLatch firstRecorded = new CountDownLatch(1);
    AtomicInteger reached = new AtomicInteger();
    ExecutorService janitorThread = Executors.newSingleThreadExecutor();
    List<Future<?>> sweeps = new java.util.concurrent.CopyOnWriteArrayList<>();
    CrashPoints.armStalls(
        Map.of("after-channel-answer", 1.0),
        20261205L,
        point -> {
          int n = reached.incrementAndGet();
          if (n == 1) {
            http.calm();
            long refundId =
                jdbc.sql("SELECT id FROM refund WHERE out_request_no = :no")
                    .param("no", number)
                    .query(Long.class)
                    .single();
            sweeps.add(janitorThread.submit(() -> refundExecutor.drive(refundId)));
            waitFor(secondAnswered);
          } else if (n == 2) {
            secondAnswered.countDown();
            waitFor(firstRecorded);
          }
        });
    Answer answer;
    try {
      answer = http.refund(orderNo, number, "6.70");
      firstRecorded.countDown();
      sweeps.get(0).get(30, TimeUnit.SECONDS);
    } finally {
      firstRecorded.countDown();
      secondAnswered.countDown();
      CrashPoints.disarm();
      janitorThread.shutdownNow();
    }

    assertThat(reached).hasValueGreaterThanOrEqualTo(2);
    assertThat(http.trades(outTradeNo).get(0).path("refunds")).hasSize(1);
    // The stalled attempt no longer held the refund when it came to record its refusal: it
    // answered what the refund was at that moment — pending — not FAIL.
    assertThat(answer.status()).as(answer.body()).isEqualTo(202);
    assertThat(answer.text("status")).isEqualTo("PENDING");
    // The channel refunded: so do our books, whatever the stalled attempt was told.
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> "REFUNDED".equals(http.orderStatus(orderNo)));
    assertThat(
            http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo)
                .json()
                .get(0)
                .path("status")
                .asString())
        .isEqualTo("SUCCESS");
  }

  private static void waitFor(CountDownLatch latch) {
    try {
      if (!latch.await(30, TimeUnit.SECONDS)) {
        throw new IllegalStateException("waited 30 s in vain");
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  @Test
  void aRefundOfNothingIsABadRequestAndChangesNothing() {
    String orderNo = paidOrder("8.80");

    Answer zero = http.refund(orderNo, "RZ" + System.nanoTime(), "0.00");
    Answer tooFine = http.refund(orderNo, "RZ" + System.nanoTime(), "0.001");

    assertThat(zero.status()).isEqualTo(400);
    assertThat(zero.json().path("errors").get(0).path("field").asString()).isEqualTo("amount");
    assertThat(tooFine.status()).isEqualTo(400);
    assertThat(http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo).json()).isEmpty();
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aRefundTheChannelSaysMovedNoMoneyIsConfirmedByAQueryBeforeItCounts() {
    String orderNo = paidOrder("9.90");
    String outTradeNo = http.query(orderNo).json().path("payment").path("outTradeNo").asString();
    String number = "RN" + System.nanoTime();
    // The refund was made at the channel under this number before our request (an earlier
    // attempt whose answer was never recorded): the channel answers fund_change=N.
    assertThat(alipay.refund(outTradeNo, number, Money.ofMinor(990, "CNY"), "earlier"))
        .isInstanceOf(ChannelOutcome.Done.class);

    Answer refund = http.refund(orderNo, number, "9.90");

    assertThat(refund.text("status")).isEqualTo("SUCCESS");
    assertThat(http.calls(outTradeNo, "alipay.trade.fastpay.refund.query")).hasSize(1);
    assertThat(http.trades(outTradeNo).get(0).path("refunds")).hasSize(1);
  }

  private void refuseRefunds() {
    http.chaos(Map.of("refundRefusalRate", 1.0));
  }

  private String paidOrder(String amount) {
    String orderNo = http.createOrder(amount);
    Answer qr = http.precreate(orderNo);
    http.walletPay(qr.text("qrCode"));
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    return orderNo;
  }

  private List<OutboxEvent> eventsOf(String orderNo, String type) {
    long orderId = orders.find(TestApps.ref(orderNo)).orElseThrow().id();
    return outbox.eventsOf(Aggregate.ORDER, orderId).stream()
        .filter(event -> event.eventType().equals(type))
        .toList();
  }
}
