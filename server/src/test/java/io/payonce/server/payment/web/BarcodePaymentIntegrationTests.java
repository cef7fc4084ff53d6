package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.OutboxEvent;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentJanitor;
import io.payonce.server.payment.PaymentProperties;
import io.payonce.server.payment.Payments;
import io.payonce.server.testing.LateBarcodeBuyer;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestSleeper;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * Barcode pay against its worst timings: the buyer confirms just after our last poll, so the cancel
 * meant for an unpaid trade finds it paid and refunds it; the buyer's notify lands before we
 * cancel; and requests of the other kind (a QR precreate) arrive while the barcode payment waits.
 * The timing is made, not hoped for: see {@link LateBarcodeBuyer}.
 */
@PayOnceIntegrationTest
abstract class BarcodePaymentIntegrationTests {

  private static final String NEVER_CONFIRMS = LateBarcodeBuyer.NEVER_CONFIRMS;

  /** A buyer's code the sandbox pays at once. */
  private static final String AUTH_CODE = "280000000000000001";

  @LocalServerPort int port;
  @Autowired MutableClock clock;
  @Autowired TestSleeper sleeper;
  @Autowired OrderService orders;
  @Autowired OutboxReader outbox;
  @Autowired PaymentJanitor janitor;
  @Autowired io.payonce.server.alipay.AlipayChannel alipay;
  @Autowired Payments payments;
  @Autowired PaymentProperties paymentProperties;

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
  }

  @Test
  void aBuyerWhoConfirmsAfterOurLastPollIsRefundedByTheCancelAndTheOrderIsNotPaid() {
    String orderNo = http.createOrder("3.30");
    // The buyer's notifies arrive long after the cancel: only the cancel's answer tells us.
    http.chaos(Map.of("notifyDelayMs", 4_000));

    Answer answer = confirmJustAfterTheLastPoll(orderNo);

    String outTradeNo = answer.text("outTradeNo");
    assertReversed(orderNo, outTradeNo, answer);
    // The buyer's TRADE_SUCCESS and the refund's TRADE_CLOSED arrive: they change nothing.
    await().atMost(Duration.ofSeconds(30)).until(() -> acceptedNotifies(outTradeNo) >= 2);
    assertReversed(orderNo, outTradeNo, answer);
  }

  @Test
  void aPayThatLandsAfterItsReversalFoundNoTradeIsFoundByTheJanitorNotLeftToReconciliation() {
    String orderNo = http.createOrder("3.40");
    String outTradeNo = reversedBeforeItsPayLanded(orderNo);

    // The closed payment stays watched until its code expires: the janitor's next pass asks.
    clock.advance(Duration.ofMinutes(1));
    janitor.sweep();

    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("SUCCESS");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(orderPaidEvents(orderNo)).hasSize(1);
    assertThat(refundsOf(orderNo)).isEmpty();
  }

  /**
   * The cashier scanned the buyer's code again after the first pay was reversed as unknown, and
   * that pay went through: the first, landing late, charged the buyer twice. The watch finds it and
   * it is refunded as a duplicate within minutes, not at the next day's reconciliation.
   */
  @Test
  void aPayThatLandsAfterItsReversalFoundNoTradeWhileARetryPaidTheOrderIsRefundedByTheJanitor() {
    String orderNo = http.createOrder("3.41");
    String lateNo = reversedBeforeItsPayLanded(orderNo);
    Answer retry =
        http.barcode(
            Map.of("orderNo", orderNo, "authCode", AUTH_CODE, "requestId", "retry-" + orderNo),
            Map.of());
    assertThat(retry.text("status")).as(retry.body()).isEqualTo("SUCCESS");
    assertThat(retry.text("outTradeNo")).isNotEqualTo(lateNo);

    clock.advance(Duration.ofMinutes(1));
    janitor.sweep();

    assertThat(http.payment(lateNo).text("status")).isEqualTo("SUCCESS");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(orderPaidEvents(orderNo)).hasSize(1);
    assertThat(refundsOf(orderNo))
        .singleElement()
        .satisfies(
            refund -> {
              assertThat(refund.path("kind").asString()).isEqualTo("DUPLICATE");
              assertThat(refund.path("outTradeNo").asString()).isEqualTo(lateNo);
              assertThat(refund.path("amount").asString()).isEqualTo("3.41");
            });
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> "SUCCESS".equals(refundsOf(orderNo).get(0).path("status").asString()));
  }

  /**
   * A barcode pay whose answer is lost (an unknown-outcome error): our query and the cancel find no
   * trade, and the payment is closed, watched until its code expires. Then the same call, queued at
   * Alipay all along, takes effect — made here by the server's own Alipay client, so that it lands
   * after the cancel whatever the machine's load — and its notify is lost. Returns the payment's
   * number.
   */
  private String reversedBeforeItsPayLanded(String orderNo) {
    http.chaos(Map.of("notifyDrop", true));
    http.chaos(Map.of("method", "alipay.trade.pay", "gatewayErrorRate", 1.0));

    http.barcode(orderNo, AUTH_CODE);

    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    Payment closed = payments.findByOutTradeNo(outTradeNo).orElseThrow();
    assertThat(closed.status().name()).isEqualTo("CLOSED");
    assertThat(closed.watchUntil())
        .isEqualTo(closed.expireTime().plus(paymentProperties.expiryMargin()));
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAYING");
    http.chaos(Map.of("method", "alipay.trade.pay", "gatewayErrorRate", 0.0));
    assertThat(
            alipay.pay(outTradeNo, AUTH_CODE, closed.amount(), "landed late", closed.expireTime()))
        .isInstanceOf(io.payonce.server.channel.ChannelOutcome.Done.class);
    assertThat(http.trades(outTradeNo))
        .anyMatch(t -> "TRADE_SUCCESS".equals(t.path("status").asString()));
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    return outTradeNo;
  }

  @Test
  void aSuccessNotifiedWhileTheCancelIsUnderWayIsTheMoneyBeingGivenBack() {
    String orderNo = http.createOrder("3.31");
    // The cancel's answer is held too (from ~2.4 s to ~4.9 s after the confirm), and the buyer's
    // TRADE_SUCCESS arrives meanwhile (~3.5 s), while the payment is CANCELLING.
    http.chaos(Map.of("method", "alipay.trade.cancel", "gatewayLatencyMs", 2_500));
    http.chaos(Map.of("notifyDelayMs", 3_500));

    Answer answer = confirmJustAfterTheLastPoll(orderNo);

    String outTradeNo = answer.text("outTradeNo");
    assertReversed(orderNo, outTradeNo, answer);
    await().atMost(Duration.ofSeconds(30)).until(() -> acceptedNotifies(outTradeNo) >= 2);
    assertReversed(orderNo, outTradeNo, answer);
  }

  @Test
  void aPaymentTheNotifyRecordedFirstIsNeverCancelled() {
    String orderNo = http.createOrder("3.32");

    Answer answer = confirmJustAfterTheLastPoll(orderNo, true);

    String outTradeNo = answer.text("outTradeNo");
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.text("outcome")).isEqualTo("PAID");
    assertThat(answer.text("status")).isEqualTo("SUCCESS");
    assertThat(http.calls(outTradeNo, "alipay.trade.cancel")).isEmpty();
    JsonNode trade = http.trades(outTradeNo).get(0);
    assertThat(trade.path("status").asString()).isEqualTo("TRADE_SUCCESS");
    assertThat(trade.path("refunds")).isEmpty();
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(orderPaidEvents(orderNo)).hasSize(1);
  }

  @Test
  void aPrecreateNeverJoinsABarcodePaymentWaitingForTheBuyer() throws Exception {
    String orderNo = http.createOrder("3.33");
    CompletableFuture<Answer> pos;
    String barcodeNo;
    Answer precreate;
    Answer refresh;
    // The barcode payment keeps waiting for the buyer until the hold ends.
    try (TestSleeper.Hold waiting = sleeper.hold()) {
      pos = CompletableFuture.supplyAsync(() -> http.barcode(orderNo, NEVER_CONFIRMS));
      barcodeNo = awaitPaymentOf(orderNo);

      precreate = http.precreate(orderNo);
      refresh = http.refresh(orderNo);
    }

    assertThat(precreate.status()).isEqualTo(409);
    assertThat(precreate.text("type")).endsWith("/payment-in-progress");
    assertThat(refresh.status()).isEqualTo(409);
    assertThat(http.calls(barcodeNo, "alipay.trade.precreate")).isEmpty();
    Answer answer = pos.get(30, TimeUnit.SECONDS);
    assertThat(answer.text("outcome")).isEqualTo("NOT_PAID");
    assertThat(http.payment(barcodeNo).text("status")).isEqualTo("CLOSED");
    // The barcode payment over, the order's slot is free for a QR code of its own.
    Answer qr = http.precreate(orderNo);
    assertThat(qr.status()).isEqualTo(200);
    assertThat(qr.text("outTradeNo")).isNotEqualTo(barcodeNo);
  }

  @Test
  void aBarcodeRetryNeverTakesOverALiveQrPayment() {
    String orderNo = http.createOrder("3.34");
    Answer qr = http.precreate(Map.of("orderNo", orderNo, "requestId", "qr-" + orderNo), Map.of());

    // The same request id, from another caller (so the idempotency filter lets it through).
    Answer barcode =
        http.barcode(
            Map.of("orderNo", orderNo, "authCode", NEVER_CONFIRMS, "requestId", "qr-" + orderNo),
            Map.of("X-Client-Id", "another-pos"));

    assertThat(barcode.status()).isEqualTo(409);
    assertThat(barcode.text("type")).endsWith("/payment-in-progress");
    String qrNo = qr.text("outTradeNo");
    assertThat(http.calls(qrNo, "alipay.trade.query")).isEmpty();
    assertThat(http.calls(qrNo, "alipay.trade.cancel")).isEmpty();
    assertThat(http.payment(qrNo).text("status")).isEqualTo("PRECREATED");
  }

  @Test
  void aRequestIdReusedForTheOtherKindOfPaymentIsRefusedNamingTheEndpoint() {
    String orderNo = http.createOrder("3.35");
    http.precreate(Map.of("orderNo", orderNo, "requestId", "same-" + orderNo), Map.of());

    Answer barcode =
        http.barcode(
            Map.of("orderNo", orderNo, "authCode", NEVER_CONFIRMS, "requestId", "same-" + orderNo),
            Map.of());

    assertThat(barcode.status()).isEqualTo(422);
    assertThat(barcode.text("type")).endsWith("/idempotency-key-reused");
    assertThat(barcode.json().path("fields").toString()).contains("_endpoint");
    assertThat(http.payments(orderNo)).hasSize(1);
  }

  @Test
  void aRequestIdLongerThanItsColumnIsABadRequestNotAFailure() {
    String orderNo = http.createOrder("3.36");
    String tooLong = "r".repeat(65);

    Answer precreate = http.precreate(Map.of("orderNo", orderNo, "requestId", tooLong), Map.of());
    Answer header = http.precreate(Map.of("orderNo", orderNo), Map.of("Idempotency-Key", tooLong));
    Answer barcode =
        http.barcode(
            Map.of("orderNo", orderNo, "authCode", NEVER_CONFIRMS, "requestId", tooLong), Map.of());

    assertThat(List.of(precreate.status(), header.status(), barcode.status())).containsOnly(400);
    assertThat(http.payments(orderNo)).isEmpty();
    assertThat(
            http.precreate(Map.of("orderNo", orderNo, "requestId", "r".repeat(64)), Map.of())
                .status())
        .isEqualTo(200);
  }

  private Answer confirmJustAfterTheLastPoll(String orderNo) {
    return new LateBarcodeBuyer(http, clock).pay(orderNo, false);
  }

  private Answer confirmJustAfterTheLastPoll(String orderNo, boolean awaitPaidFirst) {
    return new LateBarcodeBuyer(http, clock).pay(orderNo, awaitPaidFirst);
  }

  private void assertReversed(String orderNo, String outTradeNo, Answer answer) {
    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.text("outcome")).isEqualTo("REVERSED");
    JsonNode trade = http.trades(outTradeNo).get(0);
    assertThat(trade.path("status").asString()).isEqualTo("TRADE_CLOSED");
    assertThat(trade.path("refundedAmount").asString())
        .isEqualTo(trade.path("totalAmount").asString());
    // Both facts recorded: the money was taken, and given back in full.
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    List<JsonNode> refunds = refundsOf(orderNo);
    assertThat(refunds).hasSize(1);
    assertThat(refunds.get(0).path("kind").asString()).isEqualTo("REVERSAL");
    assertThat(refunds.get(0).path("status").asString()).isEqualTo("SUCCESS");
    assertThat(refunds.get(0).path("amount").asString())
        .isEqualTo(trade.path("totalAmount").asString());
    // The order was never paid: no OrderPaid for money the buyer got back.
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAYING");
    assertThat(orderPaidEvents(orderNo)).isEmpty();
    assertThat(http.query(orderNo).json().path("payment").path("status").asString())
        .isNotEqualTo("SUCCESS");
  }

  private String awaitPaymentOf(String orderNo) {
    return new LateBarcodeBuyer(http, clock).paymentOf(orderNo);
  }

  private long acceptedNotifies(String outTradeNo) {
    return http.payment(outTradeNo)
        .json()
        .path("notifies")
        .valueStream()
        .filter(n -> "success".equals(n.path("reply").asString()))
        .count();
  }

  private List<JsonNode> refundsOf(String orderNo) {
    return http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo)
        .json()
        .valueStream()
        .toList();
  }

  private List<OutboxEvent> orderPaidEvents(String orderNo) {
    long orderId = orders.find(TestApps.ref(orderNo)).orElseThrow().id();
    return outbox.eventsOf(Aggregate.ORDER, orderId).stream()
        .filter(event -> event.eventType().equals("OrderPaid"))
        .toList();
  }
}
