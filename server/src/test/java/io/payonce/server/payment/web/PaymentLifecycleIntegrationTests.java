package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.TradeState;
import io.payonce.server.chaos.CrashPoints;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.order.OrderTransitions;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.PaymentJanitor;
import io.payonce.server.refund.RefundJanitor;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The payment lifecycle on each database: close racing the buyer, refresh and expiry, the janitor,
 * refunds, duplicate payments and barcode pay — every outcome checked against the sandbox's ledger.
 */
@PayOnceIntegrationTest
abstract class PaymentLifecycleIntegrationTests {

  private static final Duration PAST_EXPIRY = Duration.ofMinutes(16);
  private static final Duration SETTLES = Duration.ofSeconds(20);

  @LocalServerPort int port;
  @Autowired MutableClock clock;
  @Autowired PaymentJanitor janitor;
  @Autowired RefundJanitor refundJanitor;
  @Autowired ChannelResultApplier applier;
  @Autowired OrderTransitions orderTransitions;
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
  void closeRacingTheBuyerNeverLosesAPaymentNorLeavesTwoCharges() throws Exception {
    long seed = Long.getLong("payonce.test.seed", System.nanoTime());
    System.out.println("closeRacingTheBuyer seed=" + seed + " (-Dpayonce.test.seed to replay)");
    Random random = new Random(seed);
    for (int i = 0; i < 8; i++) {
      String orderNo = http.createOrder("9.90");
      Answer qr = http.precreate(orderNo);
      String outTradeNo = qr.text("outTradeNo");
      if (random.nextBoolean()) {
        http.walletScan(qr.text("qrCode"));
      }
      boolean buyerFirst = random.nextBoolean();

      List<Answer> answers =
          Concurrently.run(
              2,
              n ->
                  (n == 0) == buyerFirst ? http.walletPay(qr.text("qrCode")) : http.close(orderNo));

      await()
          .atMost(SETTLES)
          .untilAsserted(() -> assertSettledWithOneChargeAtMost(orderNo, outTradeNo));
      assertThat(answers).extracting(Answer::status).doesNotContain(500);
    }
  }

  private void assertSettledWithOneChargeAtMost(String orderNo, String outTradeNo) {
    JsonNode trade = http.trades(outTradeNo).get(0);
    String orderStatus = http.orderStatus(orderNo);
    String paymentStatus = http.payment(outTradeNo).text("status");
    boolean charged = trade.path("paidAt").isString() && !trade.path("paidAt").asString().isEmpty();
    if (!charged) {
      assertThat(orderStatus).isEqualTo("CLOSED");
      assertThat(paymentStatus).isEqualTo("CLOSED");
      return;
    }
    // Money was taken: never lost — and never left standing on a cancelled order.
    assertThat(paymentStatus).isEqualTo("SUCCESS");
    if (orderStatus.equals("CLOSED")) {
      assertThat(trade.path("refundedAmount").asString())
          .isEqualTo(trade.path("totalAmount").asString());
    } else {
      assertThat(orderStatus).isEqualTo("PAID");
    }
  }

  @Test
  void aClosedOrderTakesNoNewPaymentAndAScannedTradeIsClosedAtTheChannel() {
    String orderNo = http.createOrder("4.00");
    Answer qr = http.precreate(orderNo);
    http.walletScan(qr.text("qrCode"));

    Answer closed = http.close(orderNo);
    Answer payAfter = http.walletPay(qr.text("qrCode"));
    Answer again = http.precreate(orderNo);

    assertThat(closed.status()).isEqualTo(200);
    assertThat(closed.text("orderStatus")).isEqualTo("CLOSED");
    assertThat(payAfter.status()).isEqualTo(409);
    assertThat(http.trades(qr.text("outTradeNo")).get(0).path("status").asString())
        .isEqualTo("TRADE_CLOSED");
    assertThat(again.status()).isEqualTo(409);
    assertThat(again.text("type")).endsWith("/order-closed");
    assertThat(http.close(orderNo).text("orderStatus")).isEqualTo("CLOSED");
  }

  @Test
  void aPrecreateOvertakenByTheOrdersCloseAnswersOrderClosedAndAPayOfItsCodeIsReturned()
      throws Exception {
    String orderNo = http.createOrder("4.01");
    // The channel issues the code at once but its answer is held: the merchant cancels meanwhile.
    http.chaos(Map.of("method", "alipay.trade.precreate", "gatewayLatencyMs", 2_500));
    CompletableFuture<Answer> precreate =
        CompletableFuture.supplyAsync(() -> http.precreate(orderNo));
    await().atMost(SETTLES).until(() -> !http.payments(orderNo).isEmpty());
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    await()
        .atMost(SETTLES)
        .until(() -> !http.calls(outTradeNo, "alipay.trade.precreate").isEmpty());

    Answer closed = http.close(orderNo);
    Answer answer = precreate.get(30, TimeUnit.SECONDS);

    assertThat(closed.status()).isEqualTo(200);
    assertThat(closed.text("orderStatus")).isEqualTo("CLOSED");
    assertThat(answer.status()).isEqualTo(409);
    assertThat(answer.text("type")).endsWith("/order-closed");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.payments(orderNo)).hasSize(1);
    // Alipay cannot close a code nobody scanned: the buyer may still pay it, and gets it back.
    Answer paid = http.walletPay(http.trades(outTradeNo).get(0).path("qrCode").asString());
    assertThat(paid.status()).isEqualTo(200);
    await()
        .atMost(SETTLES)
        .until(
            () -> "4.01".equals(http.trades(outTradeNo).get(0).path("refundedAmount").asString()));
    assertThat(http.orderStatus(orderNo)).isEqualTo("CLOSED");
  }

  @Test
  void aPaymentMadeAfterCloseIsRecordedAlarmedAndRefundedNeverLost() {
    String orderNo = http.createOrder("7.77");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");

    http.close(orderNo);
    Answer paid = http.walletPay(qr.text("qrCode"));

    assertThat(paid.status()).isEqualTo(200);
    await()
        .atMost(SETTLES)
        .until(
            () -> "7.77".equals(http.trades(outTradeNo).get(0).path("refundedAmount").asString()));
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(payment.path("alarms").valueStream().map(a -> a.path("type").asString()))
        .contains("PAID_AFTER_CLOSE", "DUPLICATE_PAYMENT");
    assertThat(http.orderStatus(orderNo)).isEqualTo("CLOSED");
    assertThat(refunds(orderNo))
        .singleElement()
        .satisfies(r -> assertThat(r.path("kind").asString()).isEqualTo("DUPLICATE"));
  }

  @Test
  void concurrentRefreshesIssueOneNewQrAndTheOldOneCannotBePaid() throws Exception {
    String orderNo = http.createOrder("12.00");
    Answer first = http.precreate(orderNo);
    http.walletScan(first.text("qrCode"));

    List<Answer> refreshed = Concurrently.run(10, i -> http.refresh(orderNo));

    assertThat(refreshed).extracting(Answer::status).containsOnly(200);
    List<String> numbers = refreshed.stream().map(a -> a.text("outTradeNo")).distinct().toList();
    assertThat(numbers).singleElement().isNotEqualTo(first.text("outTradeNo"));
    assertThat(http.walletPay(first.text("qrCode")).status()).isEqualTo(409);
    assertThat(http.calls(numbers.get(0), "alipay.trade.precreate")).hasSize(1);
    assertThat(http.walletPay(refreshed.get(0).text("qrCode")).status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(successfulTrades(first.text("outTradeNo"), numbers.get(0))).isEqualTo(1);
  }

  @Test
  void refreshingALiveUnscannedQrKeepsIt() {
    String orderNo = http.createOrder("12.00");
    Answer first = http.precreate(orderNo);

    Answer refreshed = http.refresh(orderNo);

    assertThat(refreshed.text("outTradeNo")).isEqualTo(first.text("outTradeNo"));
    assertThat(refreshed.text("qrCode")).isEqualTo(first.text("qrCode"));
    assertThat(http.calls(first.text("outTradeNo"), "alipay.trade.precreate")).hasSize(1);
  }

  @Test
  void anExpiredQrIsReplacedAndCanNoLongerBePaid() {
    String orderNo = http.createOrder("3.30");
    Answer first = http.precreate(orderNo);

    clock.advance(PAST_EXPIRY);
    http.sandboxClock(PAST_EXPIRY);
    Answer replaced = http.precreate(orderNo);

    assertThat(replaced.status()).isEqualTo(200);
    assertThat(replaced.text("outTradeNo")).isNotEqualTo(first.text("outTradeNo"));
    assertThat(http.walletPay(first.text("qrCode")).status()).isEqualTo(410);
    assertThat(http.payment(first.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
  }

  @Test
  void theJanitorSettlesLostNotifiesAndTwoJanitorsQueryEachPaymentOnce() throws Exception {
    List<String> numbers = new ArrayList<>();
    List<String> orderNos = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      String orderNo = http.createOrder("1.0" + i);
      Answer qr = http.precreate(orderNo);
      http.chaos(Map.of("outTradeNo", qr.text("outTradeNo"), "notifyDrop", true));
      http.walletPay(qr.text("qrCode"));
      numbers.add(qr.text("outTradeNo"));
      orderNos.add(orderNo);
    }

    await()
        .atMost(SETTLES)
        .until(
            () -> {
              Concurrently.run(2, i -> janitor.sweep());
              return orderNos.stream().allMatch(o -> "PAID".equals(http.orderStatus(o)));
            });

    for (String outTradeNo : numbers) {
      assertThat(http.calls(outTradeNo, "alipay.trade.query")).hasSize(1);
      assertThat(
              http.payment(outTradeNo)
                  .json()
                  .path("journal")
                  .valueStream()
                  .filter(j -> j.path("toStatus").asString().equals("SUCCESS"))
                  .map(j -> j.path("source").asString()))
          .containsExactly("JANITOR");
    }
  }

  @Test
  void theJanitorClosesAnExpiredUnpaidPaymentButNotItsOrder() {
    String orderNo = http.createOrder("2.20");
    Answer qr = http.precreate(orderNo);

    clock.advance(PAST_EXPIRY);
    http.sandboxClock(PAST_EXPIRY);
    janitor.sweep();

    assertThat(http.payment(qr.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAYING");
  }

  @Test
  void aLateSuccessOnAnOpenOrderIsRecordedAndTheOrderPaid() {
    String orderNo = http.createOrder("6.60");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    // Our clock runs ahead of the channel's by more than the margin: we think the code is dead.
    clock.advance(PAST_EXPIRY);
    janitor.sweep();
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");

    http.walletPay(qr.text("qrCode"));

    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(payment.path("alarms").valueStream().map(a -> a.path("type").asString()))
        .containsExactly("PAID_AFTER_CLOSE");
    assertThat(refunds(orderNo)).isEmpty();
  }

  @Test
  void aDuplicatePaymentIsRefundedExactlyOnceWhoeverSeesIt() throws Exception {
    String orderNo = http.createOrder("8.80");
    Answer first = http.precreate(orderNo);
    String firstNo = first.text("outTradeNo");
    clock.advance(PAST_EXPIRY);
    Answer second = http.precreate(orderNo);
    http.walletPay(second.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    http.chaos(Map.of("outTradeNo", firstNo, "notifyCopies", 5));

    // The buyer pays the first code too: the channel, whose clock is behind ours, still takes it.
    assertThat(http.walletPay(first.text("qrCode")).status()).isEqualTo(200);
    await()
        .atMost(SETTLES)
        .until(() -> "8.80".equals(http.trades(firstNo).get(0).path("refundedAmount").asString()));
    janitor.sweep();
    refundJanitor.sweep();
    JsonNode trade = http.trades(firstNo).get(0);
    applier.apply(
        new ChannelTrade(
            firstNo, trade.path("tradeNo").asString(), TradeState.SUCCESS, 880, null, null),
        TransitionSource.RECONCILE,
        null);

    assertThat(http.trades(firstNo).get(0).path("refunds").size()).isEqualTo(1);
    assertThat(refunds(orderNo))
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.path("kind").asString()).isEqualTo("DUPLICATE");
              assertThat(r.path("status").asString()).isEqualTo("SUCCESS");
              assertThat(r.path("outTradeNo").asString()).isEqualTo(firstNo);
            });
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    // The order, its query and its events name the payment that paid it, never the duplicate.
    String secondNo = second.text("outTradeNo");
    assertThat(http.get(http.serverBase() + "/api/orders/" + orderNo).text("paidBy"))
        .isEqualTo(secondNo);
    assertThat(http.query(orderNo).json().path("payment").path("outTradeNo").asString())
        .isEqualTo(secondNo);
    assertThat(http.refund(orderNo, "RB" + System.nanoTime(), "1.00").text("outTradeNo"))
        .isEqualTo(secondNo);
  }

  @Test
  void aWatchedCodeIsAskedAboutAfterItDiesSoAPaymentInItsLastMinuteIsNeverLost() {
    String orderNo = http.createOrder("5.50");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));
    // Nobody scanned it: closed here, and watched while Alipay could still take a payment.
    assertThat(http.close(orderNo).status()).isEqualTo(200);
    http.moveClocksTo(clock, Duration.ofMinutes(14));
    janitor.sweep();

    http.moveClocksTo(clock, Duration.ofMinutes(14).plusSeconds(30));
    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    // Its code has died (15 minutes, and the margin): the watch's last question comes now.
    http.moveClocksTo(clock, Duration.ofMinutes(15).plusSeconds(5));
    janitor.sweep();

    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("SUCCESS");
    await()
        .atMost(SETTLES)
        .until(
            () -> "5.50".equals(http.trades(outTradeNo).get(0).path("refundedAmount").asString()));
    // Settled: the janitor asks no more about it.
    int asked = http.calls(outTradeNo, "alipay.trade.query").size();
    http.moveClocksTo(clock, Duration.ofMinutes(40));
    janitor.sweep();
    assertThat(http.calls(outTradeNo, "alipay.trade.query")).hasSize(asked);
  }

  @Test
  void theWatchOfACodeNobodyPaidEndsOnTheWordOfAQueryAfterItDied() {
    String orderNo = http.createOrder("5.60");
    String outTradeNo = http.precreate(orderNo).text("outTradeNo");
    assertThat(http.close(orderNo).status()).isEqualTo(200);

    http.moveClocksTo(clock, Duration.ofMinutes(15).plusSeconds(5));
    janitor.sweep();
    int asked = http.calls(outTradeNo, "alipay.trade.query").size();
    http.moveClocksTo(clock, Duration.ofMinutes(40));
    janitor.sweep();

    assertThat(asked).isPositive();
    assertThat(http.calls(outTradeNo, "alipay.trade.query")).hasSize(asked);
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
  }

  @Test
  void aCodeTheChannelIssuedAfterItsOrderClosedIsNeverHandedOut() {
    String orderNo = http.createOrder("4.41");
    long orderId = orders.find(TestApps.ref(orderNo)).orElseThrow().id();
    // The channel has issued the code; before it is recorded, the order is closed by whatever
    // path, however much of this payment that close saw.
    CrashPoints.armStalls(
        Map.of("after-channel-answer", 1.0),
        20261205L,
        point ->
            orderTransitions.apply(orderId, OrderStatus.CLOSED, TransitionSource.API, "cancelled"));
    Answer precreated;
    try {
      precreated = http.precreate(orderNo);
    } finally {
      CrashPoints.disarm();
    }

    assertThat(precreated.status()).as(precreated.body()).isEqualTo(409);
    assertThat(precreated.text("type")).endsWith("/order-closed");
    JsonNode payment = http.payments(orderNo).get(0);
    assertThat(payment.path("status").asString()).isEqualTo("CLOSED");
    // Alipay held the code: should a buyer pay it all the same, the money is recorded and returned.
    String qrCode =
        http.trades(payment.path("outTradeNo").asString()).get(0).path("qrCode").asString();
    assertThat(http.walletPay(qrCode).status()).isEqualTo(200);
    await()
        .atMost(SETTLES)
        .until(
            () ->
                "4.41"
                    .equals(
                        http.trades(payment.path("outTradeNo").asString())
                            .get(0)
                            .path("refundedAmount")
                            .asString()));
    assertThat(http.orderStatus(orderNo)).isEqualTo("CLOSED");
  }

  @Test
  void aRetriedCloseFinishesClosingACodeTheFirstCloseLeftStanding() {
    String orderNo = http.createOrder("4.40");
    String outTradeNo = http.precreate(orderNo).text("outTradeNo");
    http.walletScan(http.payment(outTradeNo).text("qrCode"));
    // Where a close ends when a precreate slipped in before the order closed and the channel never
    // answered the second close: the order closed, a payment in flight.
    orderTransitions.apply(
        orders.find(TestApps.ref(orderNo)).orElseThrow().id(),
        OrderStatus.CLOSED,
        TransitionSource.API,
        "cancelled");
    http.chaos(
        Map.of(
            "method", "alipay.trade.close", "gatewayErrorRate", 1.0, "gatewayErrorCode", "20000"));

    Answer unanswered = http.close(orderNo);
    http.calm();
    Answer retried = http.close(orderNo);

    assertThat(unanswered.status()).isEqualTo(503);
    assertThat(retried.status()).isEqualTo(200);
    assertThat(retried.text("orderStatus")).isEqualTo("CLOSED");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.trades(outTradeNo).get(0).path("status").asString()).isEqualTo("TRADE_CLOSED");
  }

  @Test
  void theSameRefundNumberTwentyTimesAtOnceRefundsOnce() throws Exception {
    String orderNo = paidOrder("10.00");

    List<Answer> answers =
        Concurrently.run(20, i -> http.refund(orderNo, "R_" + orderNo.replace("-", "_"), "4.00"));

    assertThat(answers).extracting(Answer::status).allMatch(s -> s == 200 || s == 202);
    String outTradeNo = refunds(orderNo).get(0).path("outTradeNo").asString();
    await()
        .atMost(SETTLES)
        .untilAsserted(
            () ->
                assertThat(refunds(orderNo).get(0).path("status").asString()).isEqualTo("SUCCESS"));
    assertThat(http.trades(outTradeNo).get(0).path("refunds").size()).isEqualTo(1);
    assertThat(http.trades(outTradeNo).get(0).path("refundedAmount").asString()).isEqualTo("4.00");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PARTIALLY_REFUNDED");
  }

  @Test
  void concurrentPartialRefundsBeyondThePaidAmountAreRefused() throws Exception {
    String orderNo = paidOrder("10.00");

    List<Answer> answers = Concurrently.run(8, i -> http.refund(orderNo, "P" + i, "2.00"));

    // The refused get one answer, whether they lost the race or came after the order was refunded.
    assertThat(answers).filteredOn(a -> a.status() == 200).hasSize(5);
    assertThat(answers)
        .filteredOn(a -> a.status() != 200)
        .hasSize(3)
        .allSatisfy(
            a -> {
              assertThat(a.status()).isEqualTo(422);
              assertThat(a.text("type")).endsWith("/refund-exceeds-payment");
            });
    String outTradeNo = refunds(orderNo).get(0).path("outTradeNo").asString();
    assertThat(http.trades(outTradeNo).get(0).path("refundedAmount").asString()).isEqualTo("10.00");
    assertThat(http.orderStatus(orderNo)).isEqualTo("REFUNDED");
    Answer more = http.refund(orderNo, "P_more", "0.01");
    assertThat(more.status()).isEqualTo(422);
    assertThat(more.text("type")).endsWith("/refund-exceeds-payment");
  }

  @Test
  void aRefundWhoseOutcomeIsUnknownIsConfirmedNotRepeated() {
    String orderNo = paidOrder("5.00");
    http.chaos(
        Map.of(
            "method",
            "alipay.trade.refund",
            "commitThenTimeout",
            true,
            "commitThenTimeoutStallMs",
            6000));

    Answer pending = http.refund(orderNo, "U_" + orderNo.replace("-", "_"), "5.00");
    http.calm();
    refundJanitor.sweep();

    assertThat(pending.status()).isEqualTo(202);
    assertThat(pending.text("status")).isEqualTo("PENDING");
    JsonNode refund = refunds(orderNo).get(0);
    assertThat(refund.path("status").asString()).isEqualTo("SUCCESS");
    String outTradeNo = refund.path("outTradeNo").asString();
    assertThat(http.trades(outTradeNo).get(0).path("refunds").size()).isEqualTo(1);
    assertThat(http.calls(outTradeNo, "alipay.trade.refund")).hasSize(1);
    assertThat(http.orderStatus(orderNo)).isEqualTo("REFUNDED");
  }

  @Test
  void aBarcodeBuyerWhoConfirmsWithAPasswordIsCharged() {
    String orderNo = http.createOrder("3.00");

    Answer paid = http.barcode(orderNo, "280000000000000002");

    assertThat(paid.status()).isEqualTo(200);
    assertThat(paid.text("status")).isEqualTo("SUCCESS");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aBarcodePaymentThatTimedOutButWentThroughIsFoundByQuery() {
    String orderNo = http.createOrder("3.00");
    http.chaos(
        Map.of(
            "method",
            "alipay.trade.pay",
            "commitThenTimeout",
            true,
            "commitThenTimeoutStallMs",
            6000));

    Answer paid = http.barcode(orderNo, "280000000000000001");

    assertThat(paid.status()).isEqualTo(200);
    assertThat(paid.text("status")).isEqualTo("SUCCESS");
    assertThat(http.calls(paid.text("outTradeNo"), "alipay.trade.pay")).hasSize(1);
    assertThat(http.calls(paid.text("outTradeNo"), "alipay.trade.cancel")).isEmpty();
  }

  @Test
  void aBarcodePaymentNeverConfirmedIsCancelled() {
    String orderNo = http.createOrder("3.00");

    Answer answer = http.barcode(orderNo, "280000000000000003");

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.text("status")).isEqualTo("CLOSED");
    assertThat(http.trades(answer.text("outTradeNo")).get(0).path("status").asString())
        .isEqualTo("TRADE_CLOSED");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAYING");
  }

  @Test
  void aRefusedBarcodeIsAProblemAndChargesNothing() {
    String orderNo = http.createOrder("3.00");

    Answer refused = http.barcode(orderNo, "280000000000000004");

    assertThat(refused.status()).isEqualTo(402);
    assertThat(refused.text("subCode")).isEqualTo("ACQ.PAYMENT_FAIL");
    assertThat(paymentsStatuses(orderNo)).containsExactly("FAIL");
  }

  private String paidOrder(String amount) {
    String orderNo = http.createOrder(amount);
    Answer qr = http.precreate(orderNo);
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    return orderNo;
  }

  private long successfulTrades(String... outTradeNos) {
    long count = 0;
    for (String outTradeNo : outTradeNos) {
      count +=
          http.trades(outTradeNo).stream()
              .filter(t -> t.path("status").asString().equals("TRADE_SUCCESS"))
              .count();
    }
    return count;
  }

  private List<JsonNode> refunds(String orderNo) {
    return http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo)
        .json()
        .valueStream()
        .toList();
  }

  private List<String> paymentsStatuses(String orderNo) {
    return http.get(http.serverBase() + "/api/orders/" + orderNo)
        .json()
        .path("payments")
        .valueStream()
        .map(p -> p.path("status").asString())
        .toList();
  }
}
