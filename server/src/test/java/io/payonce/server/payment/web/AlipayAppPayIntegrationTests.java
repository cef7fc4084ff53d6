package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.payment.PaymentJanitor;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
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
import tools.jackson.databind.json.JsonMapper;

/**
 * Alipay's payment in the merchant's app end to end: the server signs app.pay with the official
 * SDK's {@code sdkExecute} and answers the order string; the buyer's Alipay app — played here over
 * HTTP by the sandbox's wallet — checks its signature, pays, and answers the SDK's {@code 9000},
 * which proves nothing: only the notify (or a query) pays the order. The trade exists at the
 * channel only once the buyer pays, so a close before that proves nothing and the payment is
 * watched. What this product shares with the cashier pages (request validation, replays) is covered
 * by {@link AlipayWebPayIntegrationTests}.
 */
@PayOnceIntegrationTest
abstract class AlipayAppPayIntegrationTests {

  private static final String APP_PAY = "alipay.trade.app.pay";
  private static final Duration SETTLES = Duration.ofSeconds(20);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @LocalServerPort int port;
  @Autowired MutableClock clock;
  @Autowired PaymentJanitor janitor;

  PayOnceHttp http;
  private final HttpClient browser = HttpClient.newHttpClient();

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
  void anOrderStringPaidInTheAlipayAppIsNoProofTheNotifyPaysTheOrder() {
    String orderNo = http.createOrder("12.30", "Desk lamp");

    Answer issued = handOff(orderNo);

    assertThat(issued.status()).isEqualTo(200);
    assertThat(issued.text("kind")).isEqualTo("APP");
    assertThat(issued.text("paymentStatus")).isEqualTo("PRECREATED");
    JsonNode handoff = issued.json().path("handoff");
    assertThat(handoff.path("type").asString()).isEqualTo("app");
    String outTradeNo = issued.text("outTradeNo");
    Map<String, String> params = decode(orderString(issued));
    assertThat(params)
        .containsEntry("method", APP_PAY)
        .containsEntry("sign_type", "RSA2")
        .containsKeys("app_id", "notify_url", "sign", "timestamp")
        .doesNotContainKey("return_url");
    JsonNode biz = JSON.readTree(params.get("biz_content"));
    assertThat(biz.path("product_code").asString()).isEqualTo("QUICK_MSECURITY_PAY");
    assertThat(biz.path("out_trade_no").asString()).isEqualTo(outTradeNo);
    assertThat(biz.path("total_amount").asString()).isEqualTo("12.30");
    assertThat(biz.path("time_expire").asString()).isNotBlank();
    assertThat(biz.has("timeout_express")).isFalse();
    // Until the buyer pays, Alipay knows no trade under the number.
    assertThat(http.trades(outTradeNo)).isEmpty();

    Answer paid = appPay(orderString(issued));

    assertThat(paid.text("resultStatus")).isEqualTo("9000");
    JsonNode result = JSON.readTree(paid.text("result"));
    assertThat(result.path("alipay_trade_app_pay_response").path("out_trade_no").asString())
        .isEqualTo(outTradeNo);
    assertThat(result.path("alipay_trade_app_pay_response").path("total_amount").asString())
        .isEqualTo("12.30");
    assertThat(result.path("sign").asString()).isNotBlank();
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(PayOnceHttp.transitionsTo(http.payment(outTradeNo).json(), "SUCCESS"))
        .containsExactly("NOTIFY");
    // The same order string again: the trade is paid, the app is told so, nothing is charged.
    assertThat(appPay(orderString(issued)).text("resultStatus")).isNotEqualTo("9000");
    assertThat(http.trades(outTradeNo)).hasSize(1);
  }

  @Test
  void doubleClicksAndRefreshesAnswerTheSameOrderStringWithOneSigning() throws Exception {
    String orderNo = http.createOrder("3.30");

    List<Answer> clicks = Concurrently.run(10, i -> handOff(orderNo));
    Answer refreshed = handOff(orderNo, Map.of("refresh", true));

    assertThat(clicks).extracting(Answer::status).containsOnly(200);
    assertThat(clicks.stream().map(a -> a.json().path("handoff")).distinct()).hasSize(1);
    assertThat(clicks.stream().map(a -> a.text("outTradeNo")).distinct()).hasSize(1);
    String outTradeNo = clicks.get(0).text("outTradeNo");
    // An order string nobody paid cannot be closed (the trade does not exist): it stays the
    // order's.
    assertThat(refreshed.status()).isEqualTo(200);
    assertThat(refreshed.text("outTradeNo")).isEqualTo(outTradeNo);
    assertThat(refreshed.json().path("handoff")).isEqualTo(clicks.get(0).json().path("handoff"));
    assertThat(http.payments(orderNo)).hasSize(1);

    assertThat(appPay(orderString(clicks.get(7))).text("resultStatus")).isEqualTo("9000");
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.trades(outTradeNo)).hasSize(1);
    // The channel-call journal is written off the money path: awaited, then counted.
    await().atMost(SETTLES).until(() -> !http.channelCalls(outTradeNo, APP_PAY).isEmpty());
    assertThat(http.channelCalls(outTradeNo, APP_PAY))
        .singleElement()
        .satisfies(c -> assertThat(c.path("outcome").asString()).isEqualTo("DONE"));
  }

  @Test
  void tenCopiesOfTheNotifyMakeOneTransition() {
    String orderNo = http.createOrder("6.60");
    Answer issued = handOff(orderNo);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyCopies", 10));

    assertThat(appPay(orderString(issued)).text("resultStatus")).isEqualTo("9000");

    await()
        .atMost(SETTLES)
        .until(() -> http.payment(outTradeNo).json().path("notifies").size() >= 10);
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(PayOnceHttp.transitionsTo(payment, "SUCCESS")).hasSize(1);
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aLostNotifyIsSettledByTheJanitorNeverByTheAppsAnswer() {
    String orderNo = http.createOrder("1.23");
    Answer issued = handOff(orderNo);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));

    assertThat(appPay(orderString(issued)).text("resultStatus")).isEqualTo("9000");
    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("PRECREATED");
    janitor.sweep();

    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(PayOnceHttp.transitionsTo(http.payment(outTradeNo).json(), "SUCCESS"))
        .containsExactly("JANITOR");
  }

  @Test
  void anOrderStringNobodyPaidYetIsNeverTakenForFailed() {
    String orderNo = http.createOrder("2.40");
    Answer issued = handOff(orderNo);
    String outTradeNo = issued.text("outTradeNo");

    http.moveClocksTo(clock, Duration.ofMinutes(5));
    janitor.sweep();
    Answer asked = http.query(orderNo);
    Answer again = handOff(orderNo);

    assertThat(http.calls(outTradeNo, "alipay.trade.query")).isNotEmpty();
    assertThat(asked.json().path("payment").path("status").asString()).isEqualTo("PRECREATED");
    assertThat(again.text("outTradeNo")).isEqualTo(outTradeNo);
    assertThat(again.json().path("handoff")).isEqualTo(issued.json().path("handoff"));
    assertThat(appPay(orderString(issued)).text("resultStatus")).isEqualTo("9000");
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }

  @Test
  void anOrderStringPaidAfterItsOrderWasClosedIsRecordedAndRefundedNeverLost() {
    String orderNo = http.createOrder("7.70");
    Answer issued = handOff(orderNo);
    String outTradeNo = issued.text("outTradeNo");

    // The buyer has not paid: the close finds no trade and the payment stays watched.
    Answer closed = http.close(orderNo);
    assertThat(closed.status()).isEqualTo(200);
    assertThat(http.calls(outTradeNo, "alipay.trade.close"))
        .extracting(c -> c.path("subCode").asString())
        .contains("ACQ.TRADE_NOT_EXIST");
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("CLOSED");
    assertThat(payment.path("journal").toString()).contains("watched until");
    // The app still held the order string, and the buyer pays it anyway.
    Answer paid = appPay(orderString(issued));

    assertThat(paid.text("resultStatus")).isEqualTo("9000");
    await()
        .atMost(SETTLES)
        .until(
            () -> "7.70".equals(http.trades(outTradeNo).get(0).path("refundedAmount").asString()));
    JsonNode after = http.payment(outTradeNo).json();
    assertThat(after.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(after.path("alarms").valueStream().map(a -> a.path("type").asString()))
        .contains("PAID_AFTER_CLOSE", "DUPLICATE_PAYMENT");
    assertThat(http.orderStatus(orderNo)).isEqualTo("CLOSED");
  }

  @Test
  void switchingBetweenTheQrCodeAndTheAppClosesTheOtherFirst() {
    String orderNo = http.createOrder("9.90");
    Answer qr = http.precreate(orderNo);
    http.walletScan(qr.text("qrCode"));

    Answer app = handOff(orderNo);

    assertThat(app.status()).isEqualTo(200);
    assertThat(app.text("outTradeNo")).isNotEqualTo(qr.text("outTradeNo"));
    assertThat(http.payment(qr.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    assertThat(http.trades(qr.text("outTradeNo")).get(0).path("status").asString())
        .isEqualTo("TRADE_CLOSED");
    assertThat(http.walletPay(qr.text("qrCode")).status()).isNotEqualTo(200);

    // And back: the order string nobody paid is closed here and watched.
    Answer qrAgain = http.precreate(orderNo);

    assertThat(qrAgain.status()).isEqualTo(200);
    assertThat(http.payment(app.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    http.walletPay(qrAgain.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(successes(orderNo)).isEqualTo(1);
  }

  @Test
  void anOrderStringPaidAfterTheBuyerSwitchedToThePageIsRefundedAsADuplicate() {
    String orderNo = http.createOrder("4.50");
    Answer app = handOff(orderNo);

    Answer web =
        http.post(http.serverBase() + "/pay/alipay/web", Map.of("orderNo", orderNo), Map.of());

    assertThat(web.status()).isEqualTo(200);
    assertThat(web.text("outTradeNo")).isNotEqualTo(app.text("outTradeNo"));
    assertThat(http.payment(app.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    // The buyer pays on both: the page (the order's payment) and the app's old order string.
    HttpResponse<String> opened =
        browse(getRequest(web.json().path("handoff").path("url").asString()));
    String checkout = opened.headers().firstValue("Location").orElseThrow();
    assertThat(browse(postRequest(checkout + "/pay")).statusCode()).isEqualTo(200);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(appPay(orderString(app)).text("resultStatus")).isEqualTo("9000");

    await()
        .atMost(SETTLES)
        .until(
            () ->
                "4.50"
                    .equals(
                        http.trades(app.text("outTradeNo"))
                            .get(0)
                            .path("refundedAmount")
                            .asString()));
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(successes(orderNo)).isEqualTo(2);
  }

  /**
   * The buyer switched from the app to a WeChat code, then paid the old order string after all
   * (Alipay had no trade to close at the switch): that payment pays the order, and the code shown
   * since is closed at WeChat at once — not left payable until it expires, inviting a second
   * payment.
   */
  @Test
  void anOrderStringPaidAfterASwitchToAWechatCodeClosesTheCodeAtWechat() {
    String orderNo = http.createOrder("5.10");
    Answer app = handOff(orderNo);
    Answer code = http.wechatPrecreate(orderNo);
    assertThat(code.status()).as(code.body()).isEqualTo(200);
    String wechatNo = code.text("outTradeNo");
    assertThat(http.payment(app.text("outTradeNo")).text("status")).isEqualTo("CLOSED");

    assertThat(appPay(orderString(app)).text("resultStatus")).isEqualTo("9000");

    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    await()
        .atMost(SETTLES)
        .until(
            () ->
                "CLOSED".equals(http.wechatOrders(wechatNo).get(0).path("tradeState").asString()));
    assertThat(http.payment(wechatNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.get(http.serverBase() + "/api/orders/" + orderNo).text("paidBy"))
        .isEqualTo(app.text("outTradeNo"));
  }

  @Test
  void aTamperedOrderStringIsRefusedByTheAlipayAppAndPaysNothing() {
    String orderNo = http.createOrder("3.00");
    Answer issued = handOff(orderNo);
    String encoded = orderString(issued);
    String tampered =
        encoded.replace(enc("\"total_amount\":\"3.00\""), enc("\"total_amount\":\"0.01\""));
    assertThat(tampered).isNotEqualTo(encoded);

    Answer paid = appPay(tampered);

    assertThat(paid.text("resultStatus")).isEqualTo("4000");
    assertThat(paid.text("memo")).contains("isv.invalid-signature");
    assertThat(http.trades(issued.text("outTradeNo"))).isEmpty();
    // Nor does the gateway take the order string: app.pay comes from Alipay's app only.
    Answer atGateway = http.get(http.sandboxBase() + "/sandbox/alipay/gateway.do?" + encoded);
    assertThat(atGateway.json().path("error_response").path("sub_code").asString())
        .isEqualTo("isv.invalid-method");
    assertThat(http.trades(issued.text("outTradeNo"))).isEmpty();
    assertThat(http.payment(issued.text("outTradeNo")).text("status")).isEqualTo("PRECREATED");
  }

  @Test
  void aRequestIdReplaysTheFirstAnswerByteForByte() {
    String orderNo = http.createOrder("2.22");
    Map<String, Object> body = Map.of("orderNo", orderNo, "requestId", "app-" + orderNo);

    Answer first = http.post(http.serverBase() + "/pay/alipay/app", body, Map.of());
    Answer again = http.post(http.serverBase() + "/pay/alipay/app", body, Map.of());

    assertThat(first.status()).isEqualTo(200);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
  }

  // --- the merchant's backend and the buyer's Alipay app ---

  private Answer handOff(String orderNo) {
    return handOff(orderNo, Map.of());
  }

  private Answer handOff(String orderNo, Map<String, Object> extra) {
    Map<String, Object> body = new HashMap<>();
    body.put("orderNo", orderNo);
    body.putAll(extra);
    return http.post(http.serverBase() + "/pay/alipay/app", body, Map.of());
  }

  private static String orderString(Answer issued) {
    return issued.json().path("handoff").path("encoded").asString();
  }

  /** The merchant's app hands the order string to Alipay's SDK: the buyer's Alipay app pays it. */
  private Answer appPay(String orderString) {
    return http.post(
        http.sandboxBase() + "/sandbox/alipay/wallet/app-pay",
        Map.of("orderString", orderString),
        Map.of());
  }

  private HttpResponse<String> browse(HttpRequest request) {
    try {
      return browser.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static HttpRequest getRequest(String url) {
    return HttpRequest.newBuilder(URI.create(url)).GET().build();
  }

  private static HttpRequest postRequest(String url) {
    return HttpRequest.newBuilder(URI.create(url))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .POST(HttpRequest.BodyPublishers.noBody())
        .build();
  }

  private long successes(String orderNo) {
    return http.payments(orderNo).stream()
        .filter(p -> p.path("status").asString().equals("SUCCESS"))
        .count();
  }

  private static Map<String, String> decode(String encoded) {
    Map<String, String> params = new LinkedHashMap<>();
    for (String pair : encoded.split("&")) {
      int eq = pair.indexOf('=');
      params.put(
          URLDecoder.decode(pair.substring(0, eq), StandardCharsets.UTF_8),
          URLDecoder.decode(pair.substring(eq + 1), StandardCharsets.UTF_8));
    }
    return params;
  }

  private static String enc(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8);
  }
}
