package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.payment.PaymentJanitor;
import io.payonce.server.testing.Concurrently;
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
 * WeChat Pay Native end to end: the server (wechatpay-java) against the sandbox over HTTP, whose
 * ledger is the truth of what the buyer paid; the order's one payable slot shared with Alipay. On
 * each database through the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class WechatScanToPayIntegrationTests {

  private static final String PREPAY = "wechat.native.prepay";
  private static final Duration SETTLES = Duration.ofSeconds(30);

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
    http.resetSandboxClock();
  }

  @Test
  void aPrepayThatLandsAfterTheSwitchClosedItIsClosedAtWechatByTheJanitor() {
    String orderNo = http.createOrder("2.50");
    // The prepay is still queued at WeChat when the client gives up (read timeout 3 s).
    http.chaos(Map.of("method", PREPAY, "effectDelayMs", 4_500));
    Answer timedOut = http.wechatPrecreate(orderNo);
    http.calm();
    String outTradeNo = http.payments(orderNo).get(0).path("outTradeNo").asString();

    Answer alipay = http.precreate(orderNo);
    await().atMost(SETTLES).until(() -> !http.wechatOrders(outTradeNo).isEmpty());
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .as("the prepay landed after the switch closed its number")
        .isEqualTo("NOTPAY");
    clock.advance(Duration.ofMinutes(1));
    janitor.sweep();

    assertThat(timedOut.status()).isEqualTo(503);
    assertThat(alipay.status()).isEqualTo(200);
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
  }

  @Test
  void aQueryOfACodeNobodyPaysChangesNothing() {
    String orderNo = http.createOrder("2.40");
    Answer qr = http.wechatPrecreate(orderNo);

    Answer asked = http.query(orderNo);
    Answer again = http.query(orderNo);

    assertThat(asked.json().path("payment").path("status").asString()).isEqualTo("PRECREATED");
    assertThat(again.json().path("payment").path("status").asString()).isEqualTo("PRECREATED");
    assertThat(transitionsTo(http.payment(qr.text("outTradeNo")).json(), "PAYING")).isZero();
  }

  @Test
  void aDroppedNotifyIsMadeGoodByTheBuyersQuery() {
    String orderNo = http.createOrder("1.99");
    Answer qr = http.wechatPrecreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));

    http.walletPay(qr.text("qrCode"));
    Answer query = http.query(orderNo);

    assertThat(query.text("orderStatus")).isEqualTo("PAID");
    assertThat(query.json().path("payment").path("status").asString()).isEqualTo("SUCCESS");
    assertThat(query.json().path("payment").path("tradeNo").asString()).isNotBlank();
  }

  @Test
  void theJanitorClosesAnExpiredUnpaidWechatCodeAtTheChannel() {
    String orderNo = http.createOrder("2.20");
    Answer qr = http.wechatPrecreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");

    clock.advance(Duration.ofMinutes(16));
    janitor.sweep();

    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAYING");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
    assertThat(http.walletPay(qr.text("qrCode")).status()).isGreaterThanOrEqualTo(400);
  }

  @Test
  void aWechatCodePaidFromTheWalletMakesTheOrderPaidThroughTheNotify() {
    String orderNo = http.createOrder("12.34");

    Answer qr = http.wechatPrecreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    Answer paid = http.walletPay(qr.text("qrCode"));

    assertThat(qr.status()).isEqualTo(200);
    assertThat(qr.text("qrCode")).startsWith("weixin://");
    assertThat(paid.status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    // Receipts are audit rows, written in batches off the money path: the two notifies' receipts
    // may land in different batches.
    await()
        .atMost(SETTLES)
        .until(() -> http.payment(outTradeNo).json().path("notifies").size() >= 2);
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(payment.path("channel").asString()).isEqualTo("WECHAT");
    // The APIv3 notify (204) and the APIv2 XML one (SUCCESS): the same fact, applied once.
    assertThat(payment.path("notifies").valueStream().map(n -> n.path("reply").asString()))
        .containsAnyOf("204", "SUCCESS")
        .containsOnly("204", "SUCCESS");
    assertThat(transitionsTo(payment, "SUCCESS")).isEqualTo(1);
    assertThat(http.wechatOrders(outTradeNo))
        .singleElement()
        .satisfies(o -> assertThat(o.path("tradeState").asString()).isEqualTo("SUCCESS"));
  }

  @Test
  void theCashierOffersBothChannelsAndSaysWhichOneTheCodeIsOn() {
    String orderNo = http.createOrder("3.30");

    String cashier = http.checkout(orderNo);
    Answer page = http.get(http.serverBase() + cashier);
    Answer qr = http.wechatPrecreate(orderNo);
    JsonNode state = http.get(http.serverBase() + cashier + "/state").json();

    assertThat(page.body()).contains("id=\"pay\"", "id=\"pay-wechat\"", "id=\"switch\"");
    assertThat(state.path("payment").path("channel").asString()).isEqualTo("WECHAT");
    assertThat(state.path("payment").path("outTradeNo").asString())
        .isEqualTo(qr.text("outTradeNo"));
    assertThat(state.path("payment").path("qrImage").asString()).contains("/qr.png");
  }

  @Test
  void concurrentRepeatsAnswerOneCodeAndCallWechatOnce() throws Exception {
    String orderNo = http.createOrder("8.00");

    List<Answer> answers = Concurrently.run(20, i -> http.wechatPrecreate(orderNo));
    Answer later = http.wechatPrecreate(orderNo);

    assertThat(answers).extracting(Answer::status).containsOnly(200);
    assertThat(answers.stream().map(a -> a.text("qrCode")).distinct()).hasSize(1);
    assertThat(later.text("qrCode")).isEqualTo(answers.get(0).text("qrCode"));
    String outTradeNo = later.text("outTradeNo");
    assertThat(http.wechatCalls(outTradeNo, PREPAY)).hasSize(1);
    assertThat(http.payments(orderNo)).hasSize(1);
  }

  @Test
  void theSameRequestIdReplaysTheFirstAnswerByteForByte() {
    String orderNo = http.createOrder("3.21");
    Map<String, Object> body = Map.of("orderNo", orderNo, "requestId", "wx-" + orderNo);

    Answer first = http.wechatPrecreate(body, Map.of());
    Answer again = http.wechatPrecreate(body, Map.of());

    assertThat(first.status()).isEqualTo(200);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
  }

  @Test
  void switchingFromAlipayToWechatAndBackClosesTheOtherCodeAtItsChannel() {
    String orderNo = http.createOrder("20.00");
    Answer alipay = http.precreate(orderNo);
    // Scanned: the trade exists at Alipay, so the switch can close it there for good.
    http.walletScan(alipay.text("qrCode"));

    Answer wechat = http.wechatPrecreate(orderNo);

    assertThat(wechat.status()).isEqualTo(200);
    assertThat(wechat.text("outTradeNo")).isNotEqualTo(alipay.text("outTradeNo"));
    assertThat(http.payment(alipay.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    assertThat(http.trades(alipay.text("outTradeNo")).get(0).path("status").asString())
        .isEqualTo("TRADE_CLOSED");
    assertThat(http.walletPay(alipay.text("qrCode")).status()).isEqualTo(409);

    Answer back = http.precreate(orderNo);

    assertThat(back.status()).isEqualTo(200);
    assertThat(back.text("outTradeNo"))
        .isNotIn(alipay.text("outTradeNo"), wechat.text("outTradeNo"));
    assertThat(http.payment(wechat.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(wechat.text("outTradeNo")).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
    assertThat(http.walletPay(wechat.text("qrCode")).status()).isGreaterThanOrEqualTo(400);

    assertThat(http.walletPay(back.text("qrCode")).status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }

  @Test
  void alipayAndWechatAskedForAtOnceLeaveAtMostOnePayableCode() throws Exception {
    String orderNo = http.createOrder("5.50");

    List<Answer> answers =
        Concurrently.run(
            12, i -> i % 2 == 0 ? http.precreate(orderNo) : http.wechatPrecreate(orderNo));

    assertThat(answers).extracting(Answer::status).allMatch(s -> s == 200 || s == 409 || s == 503);
    List<JsonNode> payments = http.payments(orderNo);
    assertThat(
            payments.stream()
                .map(p -> p.path("status").asString())
                .filter(s -> !s.equals("CLOSED") && !s.equals("FAIL")))
        .hasSizeLessThanOrEqualTo(1);
    // Every code but the one in flight is closed at its channel (or, an unscanned Alipay code,
    // watched): paying any of them and the live one charges the buyer once net.
    for (JsonNode payment : payments) {
      String code = http.payment(payment.path("outTradeNo").asString()).text("qrCode");
      if (code != null && !code.isEmpty()) {
        http.walletPay(code);
      }
    }
    await()
        .atMost(SETTLES)
        .until(
            () ->
                "PAID".equals(http.orderStatus(orderNo))
                    && refunds(orderNo).stream()
                        .allMatch(r -> "SUCCESS".equals(r.path("status").asString())));
    long paid =
        http.payments(orderNo).stream()
            .filter(p -> "SUCCESS".equals(p.path("status").asString()))
            .count();
    assertThat(refunds(orderNo)).hasSize((int) paid - 1);
  }

  @Test
  void aBuyerWhoPaysTheOldCodeOfASwitchedOrderFindsTheNewCodeClosed() {
    String orderNo = http.createOrder("9.90");
    Answer alipay = http.precreate(orderNo);
    // Nobody scanned the Alipay code: Alipay cannot close it, so it stays payable (watched) after
    // the switch — and the buyer pays it.
    Answer wechat = http.wechatPrecreate(orderNo);
    assertThat(http.payment(alipay.text("outTradeNo")).text("status")).isEqualTo("CLOSED");

    assertThat(http.walletPay(alipay.text("qrCode")).status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));

    // The order is paid by the old code: the WeChat code shown since is closed at WeChat, so the
    // buyer cannot pay it as well; the payment is recorded CLOSED once WeChat's close answered
    // (after WeChat's trade is closed, so both are awaited).
    String wechatNo = wechat.text("outTradeNo");
    await()
        .atMost(SETTLES)
        .until(
            () ->
                "CLOSED".equals(http.wechatOrders(wechatNo).get(0).path("tradeState").asString())
                    && "CLOSED".equals(http.payment(wechatNo).text("status")));
    assertThat(http.walletPay(wechat.text("qrCode")).status()).isNotEqualTo(200);
    assertThat(http.payment(wechatNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(wechatNo).get(0).path("refundedSuccessfully").asLong()).isZero();
    assertThat(refunds(orderNo)).isEmpty();
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aPrepayThatTookEffectButTimedOutIsRetriedUnderTheSameNumber() {
    String orderNo = http.createOrder("4.56");
    http.chaos(Map.of("commitThenTimeout", true, "commitThenTimeoutStallMs", 5000));

    Answer first = http.wechatPrecreate(orderNo);
    http.calm();
    Answer second = http.wechatPrecreate(orderNo);

    assertThat(first.status()).isEqualTo(503);
    assertThat(second.status()).isEqualTo(200);
    String outTradeNo = second.text("outTradeNo");
    assertThat(http.payments(orderNo)).hasSize(1);
    assertThat(http.wechatCalls(outTradeNo, PREPAY)).hasSize(2);
    assertThat(http.wechatOrders(outTradeNo)).hasSize(1);
  }

  @Test
  void aRefundOfAWechatPaymentIsMadeOnceUnderItsNumber() {
    String orderNo = http.createOrder("30.00");
    Answer qr = http.wechatPrecreate(orderNo);
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));

    Answer first = http.refund(orderNo, "R1" + orderNo.replace("-", "_"), "10.00");
    Answer again = http.refund(orderNo, "R1" + orderNo.replace("-", "_"), "10.00");

    assertThat(first.status()).isIn(200, 202);
    assertThat(again.status()).isIn(200, 202);
    await()
        .atMost(SETTLES)
        .until(
            () ->
                refunds(orderNo).size() == 1
                    && "SUCCESS".equals(refunds(orderNo).get(0).path("status").asString()));
    assertThat(http.orderStatus(orderNo)).isEqualTo("PARTIALLY_REFUNDED");
    assertThat(
            http.wechatOrders(qr.text("outTradeNo")).get(0).path("refundedSuccessfully").asLong())
        .isEqualTo(1000);
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
