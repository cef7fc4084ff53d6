package io.payonce.server.refund.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * WeChat Pay makes a refund asynchronously: its answer says PROCESSING and a REFUND.SUCCESS notify
 * follows. That notify settles the refund at once — it is not held back until the refund's next
 * retry (ten minutes here), as it was when the notify went through the retry's claim.
 */
@PayOnceIntegrationTest
@TestPropertySource(
    properties = {
      "payonce.refund.retry-after=10m",
      // WeChat's notify retries 150 ms, 150 ms, 300 ms, 1.8 s, 6 s... apart: a test acts between.
      "payonce.sandbox.wechat.notify.time-scale=0.01"
    })
class WechatRefundNotifyIntegrationTests {

  private static final Duration SETTLES = Duration.ofSeconds(30);

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void aRefundProcessingAtWechatIsSettledByItsNotifyNotByTheNextRetry() {
    String orderNo = http.createOrder("20.00");
    Answer qr = http.wechatPrecreate(orderNo);
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));

    Answer refund = http.refund(orderNo, "RN" + orderNo.replace("-", "_"), "8.00");

    assertThat(refund.status()).isIn(200, 202);
    await()
        .atMost(SETTLES)
        .until(() -> "SUCCESS".equals(refunds(orderNo).get(0).path("status").asString()));
    assertThat(refunds(orderNo)).hasSize(1);
    assertThat(refunds(orderNo).get(0).path("detail").asString()).doesNotContain("fund_change");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PARTIALLY_REFUNDED");
  }

  @Test
  void aRefundReportedMadeThatIsRecordedFailIsAskedAboutAndAlarmedNotDropped() {
    String orderNo = http.createOrder("21.00");
    String outTradeNo = paid(orderNo);
    String number = "RF" + orderNo.replace("-", "_");
    // WeChat's REFUND.SUCCESS comes later; meanwhile the refund is recorded FAIL, as when an
    // attempt whose outcome was lost lands after the next attempt was refused.
    http.chaos(Map.of("notifyDelayMs", 3000));
    try {
      refundRecordedFail(orderNo, number);

      awaitInconsistencyAlarm(outTradeNo);
    } finally {
      http.calm();
    }
    // The books are not rewritten behind the operator's back: the refund stays as recorded.
    assertThat(refunds(orderNo).get(0).path("status").asString()).isEqualTo("FAIL");
  }

  @Test
  void aRefundReportedMadeThatIsRecordedFailIsHeardAgainWhenTheChannelCouldNotBeAsked() {
    String orderNo = http.createOrder("22.00");
    String outTradeNo = paid(orderNo);
    String number = "RQ" + orderNo.replace("-", "_");
    http.chaos(Map.of("notifyDelayMs", 3000));
    try {
      refundRecordedFail(orderNo, number);
      // When WeChat's REFUND.SUCCESS comes, its refund query answers a system error: nothing
      // else will ever ask about a refund recorded FAIL, so the report must come again.
      http.chaos(Map.of("method", "wechat.refund.query", "gatewayErrorRate", 1.0));
      await().atMost(SETTLES).until(() -> !refundReports(outTradeNo).isEmpty());
      http.chaos(Map.of("method", "wechat.refund.query", "gatewayErrorRate", 0.0));

      awaitInconsistencyAlarm(outTradeNo);
    } finally {
      http.calm();
    }
    assertThat(refundReports(outTradeNo).size()).isGreaterThan(1);
    assertThat(refunds(orderNo).get(0).path("status").asString()).isEqualTo("FAIL");
  }

  /** Pays the order by WeChat's QR code; returns the payment's number. */
  private String paid(String orderNo) {
    Answer qr = http.wechatPrecreate(orderNo);
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    return qr.text("outTradeNo");
  }

  /** Asks for a refund, then records it FAIL behind the executor's back. */
  private void refundRecordedFail(String orderNo, String number) {
    assertThat(http.refund(orderNo, number, "8.00").status()).isIn(200, 202);
    assertThat(
            jdbc.sql("UPDATE refund SET status = 'FAIL' WHERE out_request_no = :no")
                .param("no", number)
                .update())
        .isEqualTo(1);
  }

  private void awaitInconsistencyAlarm(String outTradeNo) {
    await()
        .atMost(SETTLES)
        .until(
            () ->
                http.payment(outTradeNo)
                    .json()
                    .path("alarms")
                    .valueStream()
                    .anyMatch(a -> "CHANNEL_INCONSISTENT".equals(a.path("type").asString())));
  }

  /** The refund notifies received for the payment, as our receipts record them. */
  private List<JsonNode> refundReports(String outTradeNo) {
    return http.payment(outTradeNo)
        .json()
        .path("notifies")
        .valueStream()
        .filter(n -> "REFUND_CHECKED".equals(n.path("outcome").asString()))
        .toList();
  }

  private List<JsonNode> refunds(String orderNo) {
    return http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo)
        .json()
        .valueStream()
        .toList();
  }
}
