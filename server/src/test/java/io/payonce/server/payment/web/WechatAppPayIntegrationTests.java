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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * WeChat Pay App end to end: the server prepays APP with the official SDK (wechatpay-java's
 * AppServiceExtension, which signs the app's PayReq with the merchant key) under the mobile app's
 * own appid, and the WeChat app on the phone — the sandbox's {@code /sandbox/wechat/app/pay},
 * called here as the merchant's app's {@code WXApi.sendReq} would — checks the sign, pays and
 * notifies. The trade exists at WeChat from the prepay. A merchant without a mobile app's appid is
 * offered no App payment: AppChannelsIntegrationTests.
 */
@PayOnceIntegrationTest
abstract class WechatAppPayIntegrationTests {

  private static final String PREPAY = "wechat.app.prepay";
  private static final String APP_APPID = "wxb1c2d3e4f5a60719";
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
  void theWechatAppPaysThePrepayAndTheNotifyPaysTheOrder() {
    String orderNo = http.createOrder("12.34", "Tea");

    Answer issued = app(orderNo);

    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    assertThat(issued.text("kind")).isEqualTo("APP");
    assertThat(issued.text("paymentStatus")).isEqualTo("PRECREATED");
    JsonNode handoff = issued.json().path("handoff");
    assertThat(handoff.path("type").asString()).isEqualTo("app");
    assertThat(handoff.path("encoded").asString()).isEmpty();
    Map<String, String> fields = fields(handoff);
    assertThat(fields)
        .containsOnlyKeys(
            "appid", "partnerid", "prepayid", "package", "noncestr", "timestamp", "sign")
        .containsEntry("appid", APP_APPID)
        .containsEntry("package", "Sign=WXPay");
    String outTradeNo = issued.text("outTradeNo");
    JsonNode order = http.wechatOrders(outTradeNo).get(0);
    assertThat(order.path("tradeType").asString()).isEqualTo("APP");
    assertThat(order.path("appid").asString()).isEqualTo(APP_APPID);
    assertThat(order.path("timeExpire").asString()).as("time_expire always").isNotBlank();
    assertThat(order.path("codeUrl").asString()).isEqualTo(fields.get("prepayid"));

    Answer paid = http.wechatAppPay(fields);

    assertThat(paid.status()).as(paid.body()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(PayOnceHttp.transitionsTo(payment, "SUCCESS")).containsExactly("NOTIFY");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("SUCCESS");
  }

  @Test
  void doubleClicksAndRepeatsAnswerTheSameParametersWithOnePrepay() throws Exception {
    String orderNo = http.createOrder("3.30");

    List<Answer> clicks = Concurrently.run(10, i -> app(orderNo));
    Answer repeated = app(orderNo);

    assertThat(clicks).extracting(Answer::status).containsOnly(200);
    assertThat(clicks.stream().map(a -> a.json().path("handoff")).distinct()).hasSize(1);
    assertThat(repeated.json().path("handoff")).isEqualTo(clicks.get(0).json().path("handoff"));
    String outTradeNo = repeated.text("outTradeNo");
    assertThat(clicks.stream().map(a -> a.text("outTradeNo")).distinct())
        .containsExactly(outTradeNo);
    assertThat(http.payments(orderNo)).hasSize(1);
    assertThat(http.wechatCalls(outTradeNo, PREPAY)).hasSize(1);
    await().atMost(SETTLES).until(() -> !http.channelCalls(outTradeNo, PREPAY).isEmpty());
    assertThat(http.channelCalls(outTradeNo, PREPAY))
        .singleElement()
        .satisfies(c -> assertThat(c.path("outcome").asString()).isEqualTo("DONE"));
    // Paid twice from the same parameters (the buyer tapped twice): charged once.
    Map<String, String> fields = fields(repeated.json().path("handoff"));
    assertThat(http.wechatAppPay(fields).status()).isEqualTo(200);
    assertThat(http.wechatAppPay(fields).status()).isGreaterThanOrEqualTo(400);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.wechatOrders(outTradeNo)).hasSize(1);
  }

  @Test
  void tenCopiesOfTheNotifyMakeOneTransition() {
    String orderNo = http.createOrder("6.60");
    Answer issued = app(orderNo);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyCopies", 10));

    http.wechatAppPay(fields(issued.json().path("handoff")));

    await()
        .atMost(SETTLES)
        .until(() -> http.payment(outTradeNo).json().path("notifies").size() >= 10);
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(PayOnceHttp.transitionsTo(payment, "SUCCESS")).hasSize(1);
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aLostNotifyIsSettledByTheJanitor() {
    String orderNo = http.createOrder("1.23");
    Answer issued = app(orderNo);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));

    assertThat(http.wechatAppPay(fields(issued.json().path("handoff"))).status()).isEqualTo(200);
    janitor.sweep();

    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(PayOnceHttp.transitionsTo(http.payment(outTradeNo).json(), "SUCCESS"))
        .containsExactly("JANITOR");
  }

  @Test
  void aClosedOrdersParametersAreRefusedByTheWechatAppAndNothingIsCharged() {
    String orderNo = http.createOrder("7.70");
    Answer issued = app(orderNo);
    String outTradeNo = issued.text("outTradeNo");

    // The trade exists from the prepay: the close closes it at WeChat for good.
    Answer closed = http.close(orderNo);
    Answer paid = http.wechatAppPay(fields(issued.json().path("handoff")));

    assertThat(closed.status()).isEqualTo(200);
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
    assertThat(paid.status()).isGreaterThanOrEqualTo(400);
    assertThat(http.orderStatus(orderNo)).isEqualTo("CLOSED");
  }

  @Test
  void switchingBetweenTheAppAndTheQrCodeClosesTheOtherFirstAndChargesOnce() {
    String orderNo = http.createOrder("9.90");
    Answer app = app(orderNo);

    Answer qr = http.wechatPrecreate(orderNo);

    assertThat(qr.status()).as(qr.body()).isEqualTo(200);
    String appNo = app.text("outTradeNo");
    assertThat(qr.text("outTradeNo")).isNotEqualTo(appNo);
    assertThat(http.payment(appNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(appNo).get(0).path("tradeState").asString()).isEqualTo("CLOSED");
    assertThat(http.wechatAppPay(fields(app.json().path("handoff"))).status())
        .isGreaterThanOrEqualTo(400);

    // And back to the app: the QR code's trade is closed first, and its code pays nothing.
    Answer again = app(orderNo);
    assertThat(again.status()).as(again.body()).isEqualTo(200);
    String againNo = again.text("outTradeNo");
    assertThat(againNo).isNotIn(appNo, qr.text("outTradeNo"));
    assertThat(http.payment(qr.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(qr.text("outTradeNo")).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
    assertThat(http.walletPay(qr.text("qrCode")).status()).isGreaterThanOrEqualTo(400);
    assertThat(http.wechatAppPay(fields(again.json().path("handoff"))).status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.payments(orderNo)).hasSize(3);
    assertThat(
            http.payments(orderNo).stream()
                .filter(p -> "SUCCESS".equals(p.path("status").asString())))
        .as("charged once")
        .hasSize(1);
    assertThat(http.wechatOrders(againNo).get(0).path("tradeState").asString())
        .isEqualTo("SUCCESS");
  }

  // --- the merchant's backend and the WeChat app on the buyer's phone ---

  private Answer app(String orderNo) {
    return http.post(http.serverBase() + "/pay/wechat/app", Map.of("orderNo", orderNo), Map.of());
  }

  /** What the merchant's app puts in the WeChat SDK's {@code PayReq}. */
  private static Map<String, String> fields(JsonNode handoff) {
    Map<String, String> fields = new LinkedHashMap<>();
    handoff
        .path("fields")
        .properties()
        .forEach(e -> fields.put(e.getKey(), e.getValue().asString()));
    return fields;
  }
}
