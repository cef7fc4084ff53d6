package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.payment.PaymentJanitor;
import io.payonce.server.testing.LateBarcodeBuyer;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * A reversal whose every cancel took effect but whose every answer was lost, until Alipay's cancel
 * window closed: the query then says TRADE_CLOSED — which is also what Alipay says of a trade paid
 * and refunded in full — and its payment time tells the two apart. It is recorded as paid and
 * reversed (the payment SUCCESS, a completed REVERSAL refund, the order unpaid), so the day's bill
 * matches it, instead of closed (which reconciliation would then "repair" with a refund Alipay
 * refuses). The same for a WeChat Pay payment code past its reverse window: the query says REVOKED,
 * which is also what WeChat says of an order reversed unpaid, and its payment time tells the two
 * apart. On H2 only ({@code OnH2}): most of its time is the channel client's read timeouts, and the
 * statements it runs are the reversal's and the refund's, which other classes run on MariaDB and
 * PostgreSQL.
 */
@PayOnceIntegrationTest
abstract class LostReversalAnswersIntegrationTests {

  @LocalServerPort int port;
  @Autowired MutableClock clock;
  @Autowired PaymentJanitor janitor;

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
  void aReversalAnsweredByNobodyIsRecordedPaidAndReversedOnceTheCancelWindowClosed() {
    String orderNo = http.createOrder("3.40");
    // The buyer's notifies arrive long after the cancels: none of them tells us anything first.
    http.chaos(Map.of("notifyDelayMs", 60_000));
    // Every cancel refunds the trade, and its answer stalls past the client's read timeout (3 s).
    http.chaos(
        Map.of(
            "method",
            "alipay.trade.cancel",
            "commitThenTimeout",
            true,
            "commitThenTimeoutStallMs",
            3_500));
    Answer pos = new LateBarcodeBuyer(http, clock).pay(orderNo, false);
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CANCELLING");

    // Later, the cancel window has closed: Alipay refuses the next cancel; only a query tells.
    http.chaos(
        Map.of(
            "method",
            "alipay.trade.cancel",
            "commitThenTimeout",
            false,
            "cancelWindowSeconds",
            0,
            "cancelRepeatAfterWindow",
            "REFUSE"));
    // The late buyer's held poll answers are over too: the query that tells is answered at once.
    http.chaos(Map.of("method", "alipay.trade.query", "gatewayLatencyMs", 0));
    clock.advance(Duration.ofMinutes(5));
    janitor.sweep();

    assertThat(pos.status()).isEqualTo(409);
    assertThat(pos.text("type")).endsWith("/payment-being-reversed");
    JsonNode trade = http.trades(outTradeNo).get(0);
    assertThat(trade.path("status").asString()).isEqualTo("TRADE_CLOSED");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("SUCCESS");
    List<JsonNode> refunds =
        http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo)
            .json()
            .valueStream()
            .toList();
    assertThat(refunds)
        .singleElement()
        .satisfies(
            refund -> {
              assertThat(refund.path("kind").asString()).isEqualTo("REVERSAL");
              assertThat(refund.path("status").asString()).isEqualTo("SUCCESS");
              assertThat(refund.path("amount").asString()).isEqualTo("3.40");
            });
    assertThat(http.orderStatus(orderNo)).isNotEqualTo("PAID");
  }

  @Test
  void aWechatReverseAnsweredByNobodyIsRecordedPaidAndReversedOnceTheReverseWindowClosed() {
    reversedAndAnsweredByNobody("3.60", "REVOKED");
  }

  /**
   * WeChat may tell a paid payment code it reversed as REFUND (paid, a refund begun) rather than
   * REVOKED: for a payment we were reversing, and never refunded, that refund is the reversal's. It
   * was recorded as a sale before — the order paid while its money had gone back.
   */
  @Test
  void aWechatReverseWhoseTradeTheQueryCallsRefundedIsRecordedPaidAndReversed() {
    reversedAndAnsweredByNobody("3.70", "REFUND");
  }

  private void reversedAndAnsweredByNobody(String amount, String reversedPaidState) {
    String orderNo = http.createOrder(amount);
    // WeChat sends no notify for payment codes; the sandbox's APIv2 XML one is dropped here.
    http.chaos(Map.of("notifyDrop", true));
    // Every reverse refunds the trade, and its answer stalls past the client's read timeout (3 s).
    http.chaos(
        Map.of(
            "method",
            "wechat.reverse",
            "commitThenTimeout",
            true,
            "commitThenTimeoutStallMs",
            3_500,
            "reversedPaidState",
            reversedPaidState));
    Answer pos = LateBarcodeBuyer.wechat(http, clock).pay(orderNo, false);
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CANCELLING");

    // Later, past the reverse window: WeChat refuses the next reverse; only the query tells.
    http.chaos(
        Map.of(
            "method",
            "wechat.reverse",
            "commitThenTimeout",
            false,
            "reverseWindowSeconds",
            0,
            "reverseRepeatAfterWindow",
            "REFUSE"));
    http.chaos(Map.of("method", "wechat.query", "gatewayLatencyMs", 0));
    clock.advance(Duration.ofMinutes(5));
    janitor.sweep();

    assertThat(pos.status()).isEqualTo(409);
    assertThat(pos.text("type")).endsWith("/payment-being-reversed");
    assertThat(http.wechatCalls(outTradeNo, "wechat.reverse"))
        .last()
        .satisfies(call -> assertThat(call.path("code").asString()).isEqualTo("REVERSE_EXPIRE"));
    JsonNode order = http.wechatOrders(outTradeNo).get(0);
    assertThat(order.path("tradeState").asString()).isEqualTo(reversedPaidState);
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("SUCCESS");
    List<JsonNode> refunds =
        http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo)
            .json()
            .valueStream()
            .toList();
    assertThat(refunds)
        .singleElement()
        .satisfies(
            refund -> {
              assertThat(refund.path("kind").asString()).isEqualTo("REVERSAL");
              assertThat(refund.path("status").asString()).isEqualTo("SUCCESS");
              assertThat(refund.path("amount").asString()).isEqualTo(amount);
            });
    assertThat(http.orderStatus(orderNo)).isNotEqualTo("PAID");
  }
}
