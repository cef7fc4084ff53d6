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
import java.util.HashMap;
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
 * WeChat Pay inside WeChat end to end: the server prepays JSAPI with the official SDK
 * (wechatpay-java's JsapiServiceExtension, which signs the bridge's parameters with the merchant
 * key) for the buyer's openid, and the buyer's WeChat — the sandbox's JS bridge, called here over
 * HTTP as the page's {@code WeixinJSBridge.invoke} would — checks paySign and the payer, pays and
 * notifies. The trade exists at WeChat from the prepay and is bound to that openid.
 */
@PayOnceIntegrationTest
abstract class WechatJsapiPayIntegrationTests {

  private static final String PREPAY = "wechat.jsapi.prepay";
  private static final String OPENID = "oJsapiBuyer000000000000000001";
  private static final String OTHER_OPENID = "oJsapiBuyer000000000000000002";
  private static final String MINI_PROGRAM_APPID = "wxa1b2c3d4e5f60718";
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
  void theBridgePaysThePrepayAndTheNotifyPaysTheOrder() {
    String orderNo = http.createOrder("12.34", "Tea");

    Answer issued = jsapi(orderNo, OPENID);

    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    assertThat(issued.text("kind")).isEqualTo("JSAPI");
    assertThat(issued.text("paymentStatus")).isEqualTo("PRECREATED");
    JsonNode handoff = issued.json().path("handoff");
    assertThat(handoff.path("type").asString()).isEqualTo("bridge");
    Map<String, String> params = params(handoff);
    assertThat(params)
        .containsKeys("appId", "timeStamp", "nonceStr", "package", "signType", "paySign")
        .containsEntry("signType", "RSA");
    assertThat(params.get("package")).startsWith("prepay_id=");
    String outTradeNo = issued.text("outTradeNo");
    JsonNode order = http.wechatOrders(outTradeNo).get(0);
    assertThat(order.path("tradeType").asString()).isEqualTo("JSAPI");
    assertThat(order.path("appid").asString()).isEqualTo(params.get("appId"));
    assertThat(order.path("openid").asString()).isEqualTo(OPENID);
    assertThat(order.path("timeExpire").asString()).as("time_expire always").isNotBlank();
    assertThat(order.path("codeUrl").asString())
        .isEqualTo(params.get("package").substring("prepay_id=".length()));

    Answer paid = bridgePay(params, OPENID);

    assertThat(paid.status()).as(paid.body()).isEqualTo(200);
    assertThat(paid.text("err_msg")).isEqualTo("get_brand_wcpay_request:ok");
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(PayOnceHttp.transitionsTo(payment, "SUCCESS")).containsExactly("NOTIFY");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("SUCCESS");
  }

  @Test
  void doubleClicksAndReloadsAnswerTheSameParametersWithOnePrepay() throws Exception {
    String orderNo = http.createOrder("3.30");

    List<Answer> clicks = Concurrently.run(10, i -> jsapi(orderNo, OPENID));
    Answer reloaded = jsapi(orderNo, OPENID);

    assertThat(clicks).extracting(Answer::status).containsOnly(200);
    assertThat(clicks.stream().map(a -> a.json().path("handoff")).distinct()).hasSize(1);
    assertThat(reloaded.json().path("handoff")).isEqualTo(clicks.get(0).json().path("handoff"));
    String outTradeNo = reloaded.text("outTradeNo");
    assertThat(clicks.stream().map(a -> a.text("outTradeNo")).distinct())
        .containsExactly(outTradeNo);
    assertThat(http.payments(orderNo)).hasSize(1);
    assertThat(http.wechatCalls(outTradeNo, PREPAY)).hasSize(1);
    await().atMost(SETTLES).until(() -> !http.channelCalls(outTradeNo, PREPAY).isEmpty());
    assertThat(http.channelCalls(outTradeNo, PREPAY))
        .singleElement()
        .satisfies(c -> assertThat(c.path("outcome").asString()).isEqualTo("DONE"));
    // Paid twice from the same parameters (the buyer tapped twice): charged once.
    Map<String, String> params = params(reloaded.json().path("handoff"));
    assertThat(bridgePay(params, OPENID).status()).isEqualTo(200);
    assertThat(bridgePay(params, OPENID).status()).isGreaterThanOrEqualTo(400);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.wechatOrders(outTradeNo)).hasSize(1);
  }

  @Test
  void tenCopiesOfTheNotifyMakeOneTransition() {
    String orderNo = http.createOrder("6.60");
    Answer issued = jsapi(orderNo, OPENID);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyCopies", 10));

    bridgePay(params(issued.json().path("handoff")), OPENID);

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
    Answer issued = jsapi(orderNo, OPENID);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));

    assertThat(bridgePay(params(issued.json().path("handoff")), OPENID).status()).isEqualTo(200);
    janitor.sweep();

    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(PayOnceHttp.transitionsTo(http.payment(outTradeNo).json(), "SUCCESS"))
        .containsExactly("JANITOR");
  }

  @Test
  void aClosedOrdersParametersAreRefusedByWechatsBridge() {
    String orderNo = http.createOrder("7.70");
    Answer issued = jsapi(orderNo, OPENID);
    String outTradeNo = issued.text("outTradeNo");

    // The trade exists from the prepay: the close closes it at WeChat for good.
    Answer closed = http.close(orderNo);
    Answer paid = bridgePay(params(issued.json().path("handoff")), OPENID);

    assertThat(closed.status()).isEqualTo(200);
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
    assertThat(paid.status()).isGreaterThanOrEqualTo(400);
    assertThat(paid.body()).contains("get_brand_wcpay_request:fail");
    assertThat(http.orderStatus(orderNo)).isEqualTo("CLOSED");
  }

  @Test
  void anotherOpenidIsAnotherBuyerWhoseRequestClosesTheFirstTradeFirst() {
    String orderNo = http.createOrder("4.40");
    Answer first = jsapi(orderNo, OPENID);

    Answer second = jsapi(orderNo, OTHER_OPENID);

    assertThat(second.status()).as(second.body()).isEqualTo(200);
    String firstNo = first.text("outTradeNo");
    assertThat(second.text("outTradeNo")).isNotEqualTo(firstNo);
    assertThat(http.payment(firstNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(firstNo).get(0).path("tradeState").asString()).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(second.text("outTradeNo")).get(0).path("openid").asString())
        .isEqualTo(OTHER_OPENID);
    // The first buyer's parameters pay nothing now, and never another buyer's trade.
    assertThat(bridgePay(params(first.json().path("handoff")), OPENID).status())
        .isGreaterThanOrEqualTo(400);
    assertThat(bridgePay(params(second.json().path("handoff")), OPENID).status()).isEqualTo(403);
    // The second buyer asking again is a repeat, not another switch.
    assertThat(jsapi(orderNo, OTHER_OPENID).text("outTradeNo"))
        .isEqualTo(second.text("outTradeNo"));
    assertThat(bridgePay(params(second.json().path("handoff")), OTHER_OPENID).status())
        .isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.payments(orderNo)).hasSize(2);
  }

  @Test
  void parametersWhoseSignatureDoesNotVerifyAreRefusedByTheBridge() {
    String orderNo = http.createOrder("2.00");
    Answer issued = jsapi(orderNo, OPENID);
    String outTradeNo = issued.text("outTradeNo");
    Map<String, String> params = params(issued.json().path("handoff"));
    Map<String, String> tampered = new LinkedHashMap<>(params);
    tampered.put("timeStamp", String.valueOf(Long.parseLong(params.get("timeStamp")) + 1));

    Answer refused = bridgePay(tampered, OPENID);

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.body()).contains("bridge-signature-invalid");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("NOTPAY");
    assertThat(http.orderStatus(orderNo)).isNotEqualTo("PAID");
    assertThat(bridgePay(params, OPENID).status()).isEqualTo(200);
  }

  @Test
  void withoutTheBuyersOpenidTheRequestIsRefusedBeforeAnyPayment() {
    String orderNo = http.createOrder("2.10");

    Answer refused =
        http.post(http.serverBase() + "/pay/wechat/jsapi", Map.of("orderNo", orderNo), Map.of());

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.header("Content-Type")).contains("application/problem+json");
    assertThat(refused.body()).contains("buyer.channelUserId");
    assertThat(http.payments(orderNo)).isEmpty();
  }

  @Test
  void switchingBetweenJsapiAndAlipayOrTheQrCodeClosesTheOtherFirst() {
    String orderNo = http.createOrder("9.90");
    Answer jsapi = jsapi(orderNo, OPENID);

    Answer page =
        http.post(
            http.serverBase() + "/pay/alipay/web",
            Map.of("orderNo", orderNo, "buyer", Map.of("returnUrl", "https://shop.example/r")),
            Map.of());

    assertThat(page.status()).as(page.body()).isEqualTo(200);
    assertThat(http.payment(jsapi.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(jsapi.text("outTradeNo")).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");

    // And back to JSAPI, then on to the WeChat QR code: each closes the one before.
    Answer again = jsapi(orderNo, OPENID);
    assertThat(again.status()).as(again.body()).isEqualTo(200);
    assertThat(again.text("outTradeNo")).isNotEqualTo(jsapi.text("outTradeNo"));
    assertThat(http.payment(page.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    Answer qr = http.wechatPrecreate(orderNo);
    assertThat(qr.status()).as(qr.body()).isEqualTo(200);
    assertThat(http.wechatOrders(again.text("outTradeNo")).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
    assertThat(bridgePay(params(again.json().path("handoff")), OPENID).status())
        .isGreaterThanOrEqualTo(400);
    http.walletPay(qr.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }

  @Test
  void aMiniProgramPaysWithItsOwnAppid() {
    String orderNo = http.createOrder("5.55");

    Answer issued =
        http.post(http.serverBase() + "/pay/wechat/mini-program", body(orderNo, OPENID), Map.of());

    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    assertThat(issued.text("kind")).isEqualTo("MINI_PROGRAM");
    Map<String, String> params = params(issued.json().path("handoff"));
    assertThat(params).containsEntry("appId", MINI_PROGRAM_APPID);
    assertThat(http.wechatOrders(issued.text("outTradeNo")).get(0).path("appid").asString())
        .isEqualTo(MINI_PROGRAM_APPID);
    assertThat(bridgePay(params, OPENID).status()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }

  // --- the merchant's backend and the buyer's WeChat ---

  private Answer jsapi(String orderNo, String openid) {
    return http.post(http.serverBase() + "/pay/wechat/jsapi", body(orderNo, openid), Map.of());
  }

  private static Map<String, Object> body(String orderNo, String openid) {
    Map<String, Object> body = new HashMap<>();
    body.put("orderNo", orderNo);
    body.put("buyer", Map.of("channelUserId", openid));
    return body;
  }

  /** What the page passes to {@code WeixinJSBridge.invoke('getBrandWCPayRequest', ...)}. */
  private static Map<String, String> params(JsonNode handoff) {
    Map<String, String> params = new LinkedHashMap<>();
    handoff
        .path("params")
        .properties()
        .forEach(e -> params.put(e.getKey(), e.getValue().asString()));
    return params;
  }

  /** The buyer {@code openid}'s WeChat runs the bridge call with these parameters. */
  private Answer bridgePay(Map<String, String> params, String openid) {
    Map<String, Object> body = new LinkedHashMap<>(params);
    body.put("openid", openid);
    return http.post(http.sandboxBase() + "/sandbox/wechat/bridge/pay", body, Map.of());
  }
}
