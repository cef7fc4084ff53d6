package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
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
 * WeChat Pay payment codes (APIv2 micropay through WxJava) through the same barcode flow as
 * Alipay's: bounded polling while the buyer enters the password, a reversal of what never
 * completes, and the reversal's refund recorded as channel evidence. The sandbox's test codes (see
 * sandbox/README.md) decide the buyer's behaviour. On each database through the subclasses.
 */
@PayOnceIntegrationTest
abstract class WechatBarcodeIntegrationTests {

  private static final String PAYS_AT_ONCE = "130000000000000001";
  private static final String CONFIRMS_LATER = "130000000000000002";
  private static final String NEVER_CONFIRMS = "130000000000000003";
  private static final String REFUSED = "130000000000000004";
  private static final Duration HELD = Duration.ofMillis(2_200);

  @LocalServerPort int port;
  @Autowired MutableClock clock;
  @Autowired io.payonce.server.payment.PaymentJanitor janitor;

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
  void aCodeThatPaysAtOnceIsPaid() {
    String orderNo = http.createOrder("5.00");

    Answer answer = barcode(orderNo, PAYS_AT_ONCE);

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.text("outcome")).isEqualTo("PAID");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(http.wechatOrders(answer.text("outTradeNo")).get(0).path("tradeState").asString())
        .isEqualTo("SUCCESS");
  }

  @Test
  void aBuyerWhoEntersThePasswordWhileWePollIsPaid() {
    String orderNo = http.createOrder("6.00");

    Answer answer = barcode(orderNo, CONFIRMS_LATER);

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.text("outcome")).isEqualTo("PAID");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    JsonNode payment = http.payment(answer.text("outTradeNo")).json();
    assertThat(payment.path("journal").valueStream().map(j -> j.path("toStatus").asString()))
        .contains("PAYING", "SUCCESS");
  }

  @Test
  void aCodeNeverConfirmedIsReversedAndNothingIsTaken() {
    String orderNo = http.createOrder("7.00");
    // This WeChat lets an order still waiting for the password be reversed.
    http.chaos(Map.of("reverseWhileUserpaying", "REVERSE"));

    Answer answer = barcode(orderNo, NEVER_CONFIRMS);

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.text("outcome")).isEqualTo("NOT_PAID");
    String outTradeNo = answer.text("outTradeNo");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("REVOKED");
    assertThat(http.wechatCalls(outTradeNo, "wechat.reverse")).isNotEmpty();
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAYING");
  }

  @Test
  void aReverseRefusedWhileTheBuyerIsPayingLeavesThePaymentCancellingNeverFailed() {
    String orderNo = http.createOrder("7.50");

    Answer answer = barcode(orderNo, NEVER_CONFIRMS);

    // WeChat would not reverse while the buyer is paying: the till is told so, and when to ask.
    assertThat(answer.status()).isEqualTo(409);
    assertThat(answer.text("type")).endsWith("/payment-being-reversed");
    assertThat(answer.header("Retry-After")).isNotBlank();
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CANCELLING");
    http.chaos(Map.of("reverseWhileUserpaying", "REVERSE"));

    Answer retried = barcode(orderNo, NEVER_CONFIRMS);

    assertThat(retried.status()).isEqualTo(200);
    assertThat(retried.text("outcome")).isEqualTo("NOT_PAID");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
  }

  @Test
  void aBuyerWhoNeverEntersThePasswordFreesTheOrderOnceWechatRevokesTheCode() {
    String orderNo = http.createOrder("7.60");
    Answer till = barcode(orderNo, NEVER_CONFIRMS);
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    Answer meanwhile = http.wechatPrecreate(orderNo);

    // WeChat revokes a payment-code order still waiting for the password 45 s after it began.
    http.sandboxClock(Duration.ofSeconds(46));
    clock.advance(Duration.ofMinutes(1));
    janitor.sweep();
    // The buyer shows a fresh code: the till's next request charges it.
    Answer retried = barcode(orderNo, PAYS_AT_ONCE);

    assertThat(till.text("type")).endsWith("/payment-being-reversed");
    assertThat(meanwhile.status()).isEqualTo(409);
    assertThat(meanwhile.text("type")).endsWith("/payment-being-reversed");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("REVOKED");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(retried.status()).isEqualTo(200);
    assertThat(retried.text("outcome")).isEqualTo("PAID");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aBuyerWhoConfirmsAfterOurLastPollIsRefundedByTheReverse() {
    String orderNo = http.createOrder("8.80");
    // No notify tells us first (else the payment is recorded paid and never reversed, as it must
    // be): WeChat sends none for payment codes; the sandbox's APIv2 XML one is dropped here.
    http.chaos(Map.of("notifyDrop", true));
    http.chaos(Map.of("method", "wechat.query", "gatewayLatencyMs", HELD.toMillis()));
    CompletableFuture<Answer> pos =
        CompletableFuture.supplyAsync(() -> barcode(orderNo, NEVER_CONFIRMS));
    String outTradeNo =
        await()
            .atMost(Duration.ofSeconds(20))
            .pollInterval(Duration.ofMillis(20))
            .until(() -> http.payments(orderNo), list -> !list.isEmpty())
            .get(0)
            .path("outTradeNo")
            .asString();
    await()
        .atMost(Duration.ofSeconds(20))
        .pollInterval(Duration.ofMillis(20))
        .until(() -> !http.wechatCalls(outTradeNo, "wechat.query").isEmpty());
    clock.advance(Duration.ofMinutes(1));
    assertThat(
            http.post(
                    http.sandboxBase() + "/sandbox/wallet/pay",
                    Map.of("outTradeNo", outTradeNo),
                    Map.of())
                .status())
        .isEqualTo(200);

    Answer answer = pos.orTimeout(60, TimeUnit.SECONDS).join();

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.text("outcome")).isEqualTo("REVERSED");
    // Both facts recorded: the money was taken, and given back in full by the reverse.
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("SUCCESS");
    List<JsonNode> refunds = refunds(orderNo);
    assertThat(refunds).singleElement();
    assertThat(refunds.get(0).path("kind").asString()).isEqualTo("REVERSAL");
    assertThat(refunds.get(0).path("status").asString()).isEqualTo("SUCCESS");
    assertThat(refunds.get(0).path("amount").asString()).isEqualTo("8.80");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAYING");
  }

  @Test
  void aRefusedCodeIsAPaymentRefusedAndTheOrderStaysOpen() {
    String orderNo = http.createOrder("9.00");

    Answer answer = barcode(orderNo, REFUSED);

    assertThat(answer.status()).isEqualTo(402);
    assertThat(answer.text("type")).endsWith("/payment-refused");
    assertThat(http.orderStatus(orderNo)).isIn("CREATED", "PAYING");
  }

  private Answer barcode(String orderNo, String authCode) {
    return http.post(
        http.serverBase() + "/pay/wechat/barcode",
        Map.of("orderNo", orderNo, "authCode", authCode, "requestId", "wxbc-" + orderNo),
        Map.of());
  }

  private List<JsonNode> refunds(String orderNo) {
    return http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo)
        .json()
        .valueStream()
        .toList();
  }
}
