package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.alipay.AlipayChannel;
import io.payonce.server.chaos.CrashPoints;
import io.payonce.server.payment.PaymentProperties;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A precreate retried under its number after the first call took effect but timed out, when the
 * channel meanwhile knows that number better than we do: the buyer paid it, it was closed, or it
 * was scanned and the channel refuses to issue it again. The channel's refusal is never taken for a
 * failure of a trade that exists: we ask what became of it and record that.
 */
@PayOnceIntegrationTest
abstract class PrecreateRefusalIntegrationTests {

  private static final String PRECREATE = "alipay.trade.precreate";

  @LocalServerPort int port;
  @Autowired AlipayChannel alipay;
  @Autowired MutableClock clock;
  @Autowired PaymentProperties payment;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    http.calm();
    http.resetSandboxClock();
    clock.reset();
  }

  @Test
  void aRetryTheChannelRefusesBecauseTheBuyerPaidRecordsThePaymentAndAnswersOrderPaid() {
    String orderNo = http.createOrder("21.00");
    String outTradeNo = firstCallTookEffectButTimedOut(orderNo);
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));
    assertThat(http.walletPay(qrAtTheChannel(outTradeNo)).status()).isEqualTo(200);

    Answer retried = http.precreate(orderNo);

    assertThat(retried.status()).isEqualTo(409);
    assertThat(retried.text("type")).endsWith("/order-paid");
    assertThat(lastCall(outTradeNo).path("subCode").asString()).isEqualTo("ACQ.TRADE_HAS_SUCCESS");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("SUCCESS");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(http.payments(orderNo)).hasSize(1);
  }

  @Test
  void aRetryTheChannelRefusesBecauseTheTradeClosedOpensTheNextPayment() {
    String orderNo = http.createOrder("22.00");
    String outTradeNo = firstCallTookEffectButTimedOut(orderNo);
    http.walletScan(qrAtTheChannel(outTradeNo));
    // Closed at the channel behind our back (the trade's own timeout, or another tool).
    assertThat(alipay.close(outTradeNo))
        .isInstanceOf(io.payonce.server.channel.ChannelOutcome.Done.class);

    Answer retried = http.precreate(orderNo);

    assertThat(retried.status()).isEqualTo(200);
    assertThat(retried.text("outTradeNo")).isNotEqualTo(outTradeNo);
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.payments(orderNo)).hasSize(2);
  }

  @Test
  void aRetryRefusedAsInconsistentAfterAScanKeepsTheScannedTradeAndRaisesAnAlarm() {
    String orderNo = http.createOrder("23.00");
    String outTradeNo = firstCallTookEffectButTimedOut(orderNo);
    http.chaos(Map.of("precreateSameAfterScan", "CONTEXT_INCONSISTENT"));
    String qr = qrAtTheChannel(outTradeNo);
    http.walletScan(qr);

    Answer retried = http.precreate(orderNo);

    assertThat(lastCall(outTradeNo).path("subCode").asString())
        .isEqualTo("ACQ.CONTEXT_INCONSISTENT");
    // The buyer holds a live trade under this number: the payment stays in flight, never FAIL.
    assertThat(retried.status()).isEqualTo(200);
    assertThat(retried.text("outTradeNo")).isEqualTo(outTradeNo);
    assertThat(retried.text("paymentStatus")).isEqualTo("PAYING");
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("PAYING");
    assertThat(payment.path("alarms").valueStream().map(a -> a.path("type").asString()))
        .contains("CHANNEL_INCONSISTENT");
    // And when the buyer pays it, it is recorded like any payment.
    assertThat(http.walletPay(qr).status()).isEqualTo(200);
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(20))
        .until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.payments(orderNo)).hasSize(1);
  }

  @Test
  void aRefusalRecordedAfterItsCallWasTakenOverLeavesTheCodeTheNextCallIssuedInFlight() {
    String orderNo = http.createOrder("24.00");
    // The sandbox's clock is past the payment's time_expire: the first call is refused.
    http.sandboxClock(Duration.ofHours(24));
    AtomicInteger reached = new AtomicInteger();
    AtomicReference<Answer> second = new AtomicReference<>();
    // The first request is told "refused", then stalls past its call lease: a second request
    // takes the call over, and the channel — its clock back — issues the code.
    CrashPoints.armStalls(
        Map.of("after-channel-answer", 1.0),
        20261206L,
        point -> {
          if (reached.incrementAndGet() == 1) {
            http.resetSandboxClock();
            clock.advance(payment.callLease().plusSeconds(1));
            second.set(http.precreate(orderNo));
          }
        });
    Answer first;
    try {
      first = http.precreate(orderNo);
    } finally {
      CrashPoints.disarm();
    }

    Answer issued = second.get();
    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    String outTradeNo = issued.text("outTradeNo");
    assertThat(http.calls(outTradeNo, PRECREATE)).hasSize(2);
    // The stalled refusal no longer held the call: it answers the code, and fails nothing.
    assertThat(first.status()).as(first.body()).isEqualTo(200);
    assertThat(first.text("qrCode")).isEqualTo(issued.text("qrCode"));
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("PRECREATED");
    // The order's slot is still that payment's: no second payable code.
    Answer again = http.precreate(orderNo);
    assertThat(again.text("outTradeNo")).isEqualTo(outTradeNo);
    assertThat(http.walletPay(issued.text("qrCode")).status()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.payments(orderNo)).hasSize(1);
  }

  /** The first precreate reaches the channel, which creates the pre-order; its answer is lost. */
  private String firstCallTookEffectButTimedOut(String orderNo) {
    http.chaos(
        Map.of("method", PRECREATE, "commitThenTimeout", true, "commitThenTimeoutStallMs", 6000));
    assertThat(http.precreate(orderNo).status()).isEqualTo(503);
    http.calm();
    return http.payments(orderNo).get(0).path("outTradeNo").asString();
  }

  private String qrAtTheChannel(String outTradeNo) {
    return http.trades(outTradeNo).get(0).path("qrCode").asString();
  }

  private JsonNode lastCall(String outTradeNo) {
    List<JsonNode> calls = http.calls(outTradeNo, PRECREATE);
    return calls.get(calls.size() - 1);
  }
}
