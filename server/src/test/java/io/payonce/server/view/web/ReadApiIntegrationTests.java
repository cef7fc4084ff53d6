package io.payonce.server.view.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.channel.Channel;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.PaymentOpener;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * {@code GET /api/orders/{orderNo}} and {@code GET /api/payments/{outTradeNo}} over real HTTP: the
 * documents' fields in their published order, the payment that paid the order, and the problems —
 * on each database, as each read is one repeatable-read transaction.
 */
@PayOnceIntegrationTest
abstract class ReadApiIntegrationTests {

  private static final String PROBLEM_BASE = "https://payonce.io/problems/";

  @LocalServerPort int port;
  @Autowired OrderService orders;
  @Autowired PaymentOpener opener;

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
  void showsAPaidOrderWithItsPaymentsAndNamesThePaymentThatPaidIt() {
    String orderNo = http.createOrder("3.21");
    String outTradeNo = payInTheWallet(orderNo);

    JsonNode order = order(orderNo).json();

    assertThat(order.propertyNames())
        .containsExactly(
            "orderNo",
            "userId",
            "amount",
            "currency",
            "title",
            "status",
            "paidBy",
            "createdAt",
            "updatedAt",
            "payments");
    assertThat(order.path("status").asString()).isEqualTo("PAID");
    assertThat(order.path("amount").asString()).isEqualTo("3.21");
    assertThat(order.path("paidBy").asString()).isEqualTo(outTradeNo);
    JsonNode payment = order.path("payments").get(0);
    assertThat(payment.propertyNames())
        .containsExactly(
            "outTradeNo",
            "channel",
            "status",
            "amount",
            "currency",
            "tradeNo",
            "expireTime",
            "createdAt",
            "updatedAt");
    assertThat(payment.path("outTradeNo").asString()).isEqualTo(outTradeNo);
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
  }

  @Test
  void readsAnOrderWithItsPayments() {
    String orderNo = http.createOrder("0.01");
    opener.open(orders.find(TestApps.ref(orderNo)).orElseThrow().id(), Channel.ALIPAY, null, null);

    Answer answer = order(orderNo);

    assertThat(answer.status()).isEqualTo(200);
    JsonNode order = answer.json();
    assertThat(order.get("status").asString()).isEqualTo("PAYING");
    assertThat(order.get("payments")).hasSize(1);
    assertThat(order.get("payments").get(0).get("channel").asString()).isEqualTo("ALIPAY");
    assertThat(order.get("payments").get(0).get("status").asString()).isEqualTo("INIT");
    assertThat(order.get("paidBy").isNull()).isTrue();
  }

  @Test
  void showsAnUnpaidOrderWithoutAPayer() {
    String orderNo = http.createOrder("1.00");

    JsonNode order = order(orderNo).json();

    assertThat(order.path("status").asString()).isEqualTo("CREATED");
    assertThat(order.path("paidBy").isNull()).isTrue();
    assertThat(order.path("payments")).isEmpty();
  }

  @Test
  void showsAPaymentWithEverythingThatHappenedToIt() {
    String orderNo = http.createOrder("4.56");
    String outTradeNo = payInTheWallet(orderNo);

    JsonNode payment = http.payment(outTradeNo).json();

    assertThat(payment.propertyNames())
        .containsExactly(
            "outTradeNo",
            "channel",
            "status",
            "amount",
            "currency",
            "tradeNo",
            "qrCode",
            "expireTime",
            "createdAt",
            "journal",
            "notifies",
            "channelCalls",
            "alarms");
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(payment.path("amount").asString()).isEqualTo("4.56");
    assertThat(payment.path("journal").valueStream().map(j -> j.path("toStatus").asString()))
        .endsWith("SUCCESS");
    assertThat(payment.path("journal").get(0).propertyNames())
        .containsExactly(
            "id",
            "aggregate",
            "aggregateId",
            "fromStatus",
            "toStatus",
            "source",
            "detail",
            "occurredAt");
    assertThat(payment.path("notifies").get(0).propertyNames())
        .containsExactly(
            "channel",
            "outTradeNo",
            "notifyId",
            "eventKey",
            "tradeStatus",
            "totalAmount",
            "outcome",
            "reply",
            "detail",
            "payloadHash",
            "receivedAt");
    assertThat(payment.path("channelCalls").valueStream().map(c -> c.path("method").asString()))
        .contains("alipay.trade.precreate");
    assertThat(payment.path("channelCalls").get(0).propertyNames())
        .containsExactly(
            "channel", "method", "outTradeNo", "outcome", "detail", "startedAt", "took");
    assertThat(payment.path("alarms")).isEmpty();
  }

  @Test
  void answersNotFoundForAnUnknownOrder() {
    assertProblem(order("NO-SUCH-ORDER-" + System.nanoTime()), 404, "not-found");
  }

  @Test
  void answersValidationForAMalformedOrderNumberInThePath() {
    Answer answer = order("bad*number");

    assertProblem(answer, 400, "validation");
    assertThat(answer.body()).contains("\"field\":\"orderNo\"");
  }

  @Test
  void answersNotFoundForAnUnknownPayment() {
    assertProblem(http.payment("NO-SUCH-PAYMENT-" + System.nanoTime()), 404, "not-found");
  }

  @Test
  void answersNotFoundForANumberLongerThanAnyPayment() {
    assertProblem(http.payment("P".repeat(65)), 404, "not-found");
  }

  /**
   * Pays the order's QR code in the sandbox wallet; returns the payment once its notify is kept.
   */
  private String payInTheWallet(String orderNo) {
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);
    // Receipts and channel calls are audit rows, written in batches after the fact.
    await()
        .atMost(Duration.ofSeconds(20))
        .until(
            () -> {
              JsonNode seen = http.payment(outTradeNo).json();
              return seen.path("notifies").size() >= 1 && seen.path("channelCalls").size() >= 1;
            });
    return outTradeNo;
  }

  private Answer order(String orderNo) {
    return http.get(http.serverBase() + "/api/orders/" + orderNo);
  }

  private static void assertProblem(Answer answer, int status, String type) {
    assertThat(answer.status()).isEqualTo(status);
    assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    assertThat(answer.text("type")).isEqualTo(PROBLEM_BASE + type);
    assertThat(answer.body()).doesNotContain("Exception", "\tat ");
  }
}
