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
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Alipay's cashier pages end to end: the server signs page.pay (PC web) and wap.pay (mobile web)
 * with the official SDK, the buyer's browser — played here over HTTP — opens the link (GET) or
 * submits the form (POST) at the sandbox's gateway, pays on its cashier page and is sent back to
 * return_url; only the notify (or a query) pays the order. The trade exists at the channel only
 * once the buyer logs in or pays, so a close before that proves nothing and the payment is watched.
 */
@PayOnceIntegrationTest
abstract class AlipayWebPayIntegrationTests {

  private static final String PAGE_PAY = "alipay.trade.page.pay";
  private static final String WAP_PAY = "alipay.trade.wap.pay";
  private static final String RETURN_URL = "https://shop.example/orders/return";
  private static final String QUIT_URL = "https://shop.example/cart";
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
  void aPageOpenedByItsLinkIsPaidReturnsToTheShopAndTheNotifyPaysTheOrder() {
    String orderNo = http.createOrder("12.30", "Desk lamp");

    Answer issued = handOff("web", orderNo);

    assertThat(issued.status()).isEqualTo(200);
    assertThat(issued.text("kind")).isEqualTo("WEB");
    assertThat(issued.text("paymentStatus")).isEqualTo("PRECREATED");
    JsonNode handoff = issued.json().path("handoff");
    assertThat(handoff.path("type").asString()).isEqualTo("redirect");
    Map<String, String> params = query(handoff.path("url").asString());
    assertThat(params)
        .containsEntry("method", PAGE_PAY)
        .containsEntry("return_url", RETURN_URL)
        .containsKeys("notify_url", "sign", "timestamp");
    JsonNode biz = JSON.readTree(params.get("biz_content"));
    assertThat(biz.path("product_code").asString()).isEqualTo("FAST_INSTANT_TRADE_PAY");
    assertThat(biz.path("out_trade_no").asString()).isEqualTo(issued.text("outTradeNo"));
    assertThat(biz.path("total_amount").asString()).isEqualTo("12.30");
    assertThat(biz.path("time_expire").asString()).isNotBlank();
    assertThat(biz.has("timeout_express")).isFalse();

    String checkout = openByLink(handoff);
    assertThat(get(checkout).body()).contains("Desk lamp").contains("12.30");
    HttpResponse<String> returned = pay(checkout);

    assertThat(returned.statusCode()).isEqualTo(302);
    String location = returned.headers().firstValue("Location").orElseThrow();
    assertThat(location).startsWith(RETURN_URL + "?");
    assertThat(query(location))
        .containsEntry("method", PAGE_PAY + ".return")
        .containsEntry("out_trade_no", issued.text("outTradeNo"))
        .containsEntry("total_amount", "12.30")
        .containsKeys("trade_no", "sign", "sign_type", "timestamp");
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    JsonNode payment = http.payment(issued.text("outTradeNo")).json();
    assertThat(PayOnceHttp.transitionsTo(payment, "SUCCESS")).containsExactly("NOTIFY");
  }

  @Test
  void aMobilePageSubmittedAsAFormIsPaidAndTheNotifyPaysTheOrder() {
    String orderNo = http.createOrder("8.80");

    Answer issued = handOff("mobile-web", orderNo);

    assertThat(issued.status()).isEqualTo(200);
    assertThat(issued.text("kind")).isEqualTo("MOBILE_WEB");
    JsonNode handoff = issued.json().path("handoff");
    assertThat(query(handoff.path("formAction").asString()))
        .containsEntry("method", WAP_PAY)
        .containsKey("sign")
        .doesNotContainKey("biz_content");
    JsonNode biz = JSON.readTree(handoff.path("formFields").path("biz_content").asString());
    assertThat(biz.path("product_code").asString()).isEqualTo("QUICK_WAP_WAY");
    assertThat(biz.path("quit_url").asString()).isEqualTo(QUIT_URL);
    assertThat(biz.path("time_expire").asString()).isNotBlank();
    assertThat(biz.has("timeout_express")).isFalse();

    String checkout = openByForm(handoff);
    assertThat(get(checkout).body()).contains(QUIT_URL);
    HttpResponse<String> returned = pay(checkout);

    assertThat(returned.statusCode()).isEqualTo(302);
    assertThat(query(returned.headers().firstValue("Location").orElseThrow()))
        .containsEntry("method", WAP_PAY + ".return");
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }

  @Test
  void doubleClicksAndRefreshesAnswerTheSameHandoffWithOneSigning() throws Exception {
    String orderNo = http.createOrder("3.30");

    List<Answer> clicks = Concurrently.run(10, i -> handOff("web", orderNo));
    Answer refreshed = handOff("web", orderNo, Map.of("refresh", true));

    assertThat(clicks).extracting(Answer::status).containsOnly(200);
    assertThat(clicks.stream().map(a -> a.json().path("handoff")).distinct()).hasSize(1);
    String outTradeNo = clicks.get(0).text("outTradeNo");
    assertThat(clicks.stream().map(a -> a.text("outTradeNo")).distinct()).hasSize(1);
    // A page nobody opened cannot be closed (the trade does not exist): it stays the order's.
    assertThat(refreshed.status()).isEqualTo(200);
    assertThat(refreshed.text("outTradeNo")).isEqualTo(outTradeNo);
    assertThat(refreshed.json().path("handoff")).isEqualTo(clicks.get(0).json().path("handoff"));
    assertThat(http.payments(orderNo)).hasSize(1);

    // The buyer opens the same page twice (a reload): one cashier, one trade.
    String checkout = openByLink(clicks.get(0).json().path("handoff"));
    assertThat(openByForm(clicks.get(5).json().path("handoff"))).isEqualTo(checkout);
    pay(checkout);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.trades(outTradeNo)).hasSize(1);
    // The channel-call journal is written off the money path: awaited, then counted.
    await().atMost(SETTLES).until(() -> !http.channelCalls(outTradeNo, PAGE_PAY).isEmpty());
    assertThat(http.channelCalls(outTradeNo, PAGE_PAY))
        .singleElement()
        .satisfies(c -> assertThat(c.path("outcome").asString()).isEqualTo("DONE"));
  }

  @Test
  void aRefreshAfterTheBuyerLoggedInClosesThatPageAndIssuesANewOne() {
    String orderNo = http.createOrder("3.90");
    Answer first = handOff("web", orderNo);
    String firstCheckout = openByLink(first.json().path("handoff"));
    assertThat(post(firstCheckout + "/login").statusCode()).isEqualTo(303);

    Answer refreshed = handOff("web", orderNo, Map.of("refresh", true));

    assertThat(refreshed.status()).isEqualTo(200);
    assertThat(refreshed.text("outTradeNo")).isNotEqualTo(first.text("outTradeNo"));
    assertThat(http.trades(first.text("outTradeNo")).get(0).path("status").asString())
        .isEqualTo("TRADE_CLOSED");
    assertThat(pay(firstCheckout).statusCode()).isEqualTo(409);
    pay(openByLink(refreshed.json().path("handoff")));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }

  @Test
  void aPageRequestWhoseAmountWasTamperedWithOpensNoCashier() {
    String orderNo = http.createOrder("3.00");
    Answer issued = handOff("web", orderNo);
    String url = issued.json().path("handoff").path("url").asString();
    String tampered =
        url.replace(enc("\"total_amount\":\"3.00\""), enc("\"total_amount\":\"0.01\""));
    assertThat(tampered).isNotEqualTo(url);

    HttpResponse<String> opened = get(tampered);

    assertThat(opened.statusCode()).isEqualTo(200);
    assertThat(opened.headers().firstValue("Location")).isEmpty();
    assertThat(opened.body()).contains("isv.invalid-signature");
    assertThat(http.trades(issued.text("outTradeNo"))).isEmpty();
  }

  @Test
  void tenCopiesOfTheNotifyMakeOneTransition() {
    String orderNo = http.createOrder("6.60");
    Answer issued = handOff("web", orderNo);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyCopies", 10));

    pay(openByLink(issued.json().path("handoff")));

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
    Answer issued = handOff("mobile-web", orderNo);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));

    pay(openByForm(issued.json().path("handoff")));
    janitor.sweep();

    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
    assertThat(PayOnceHttp.transitionsTo(http.payment(outTradeNo).json(), "SUCCESS"))
        .containsExactly("JANITOR");
  }

  @Test
  void aMobilePageNobodyPaidYetIsNeverTakenForFailed() {
    String orderNo = http.createOrder("2.40");
    Answer issued = handOff("mobile-web", orderNo);
    String outTradeNo = issued.text("outTradeNo");
    String checkout = openByForm(issued.json().path("handoff"));

    // The channel knows no trade under the number until the buyer pays.
    http.moveClocksTo(clock, Duration.ofMinutes(5));
    janitor.sweep();
    Answer asked = http.query(orderNo);
    Answer again = handOff("mobile-web", orderNo);

    assertThat(http.calls(outTradeNo, "alipay.trade.query")).isNotEmpty();
    assertThat(asked.json().path("payment").path("status").asString()).isEqualTo("PRECREATED");
    assertThat(again.text("outTradeNo")).isEqualTo(outTradeNo);
    pay(checkout);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
  }

  @Test
  void aPagePaidAfterItsOrderWasClosedIsRecordedAndRefundedNeverLost() {
    String orderNo = http.createOrder("7.70");
    Answer issued = handOff("web", orderNo);
    String outTradeNo = issued.text("outTradeNo");

    // Nobody opened the page: the close finds no trade and the payment stays watched.
    Answer closed = http.close(orderNo);
    assertThat(closed.status()).isEqualTo(200);
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("CLOSED");
    assertThat(payment.path("journal").toString()).contains("watched until");
    // The buyer had the page open in a tab, and pays it anyway.
    HttpResponse<String> returned = pay(openByLink(issued.json().path("handoff")));

    assertThat(returned.statusCode()).isEqualTo(302);
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
  void aWatchedPageIsAskedAboutUntilItExpiresSoALatePaymentIsFound() {
    String orderNo = http.createOrder("5.10");
    Answer issued = handOff("web", orderNo);
    String outTradeNo = issued.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyDrop", true));
    assertThat(http.close(orderNo).status()).isEqualTo(200);
    String checkout = openByLink(issued.json().path("handoff"));

    http.moveClocksTo(clock, Duration.ofMinutes(14).plusSeconds(30));
    assertThat(pay(checkout).statusCode()).isEqualTo(302);
    http.moveClocksTo(clock, Duration.ofMinutes(15).plusSeconds(5));
    janitor.sweep();

    assertThat(http.payment(outTradeNo).text("status")).isEqualTo("SUCCESS");
    await()
        .atMost(SETTLES)
        .until(
            () -> "5.10".equals(http.trades(outTradeNo).get(0).path("refundedAmount").asString()));
  }

  @Test
  void switchingBetweenTheQrCodeAndThePageClosesTheOtherFirst() {
    String orderNo = http.createOrder("9.90");
    Answer qr = http.precreate(orderNo);
    http.walletScan(qr.text("qrCode"));

    Answer page = handOff("web", orderNo);

    assertThat(page.status()).isEqualTo(200);
    assertThat(page.text("outTradeNo")).isNotEqualTo(qr.text("outTradeNo"));
    assertThat(http.payment(qr.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    assertThat(http.trades(qr.text("outTradeNo")).get(0).path("status").asString())
        .isEqualTo("TRADE_CLOSED");
    assertThat(http.walletPay(qr.text("qrCode")).status()).isNotEqualTo(200);

    // And back: the buyer logged in on the page (its trade exists), then asks for the QR code.
    String checkout = openByLink(page.json().path("handoff"));
    assertThat(post(checkout + "/login").statusCode()).isEqualTo(303);
    Answer qrAgain = http.precreate(orderNo);

    assertThat(qrAgain.status()).isEqualTo(200);
    assertThat(http.payment(page.text("outTradeNo")).text("status")).isEqualTo("CLOSED");
    assertThat(http.trades(page.text("outTradeNo")).get(0).path("status").asString())
        .isEqualTo("TRADE_CLOSED");
    assertThat(pay(checkout).statusCode()).isEqualTo(409);
    http.walletPay(qrAgain.text("qrCode"));
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(
            http.payments(orderNo).stream()
                .filter(p -> p.path("status").asString().equals("SUCCESS"))
                .count())
        .isEqualTo(1);
  }

  @Test
  void switchingFromThePcPageToTheMobilePageClosesThePcPageFirst() {
    String orderNo = http.createOrder("4.50");
    Answer web = handOff("web", orderNo);
    String webCheckout = openByLink(web.json().path("handoff"));
    post(webCheckout + "/login");

    Answer mobile = handOff("mobile-web", orderNo);

    assertThat(mobile.status()).isEqualTo(200);
    assertThat(mobile.text("outTradeNo")).isNotEqualTo(web.text("outTradeNo"));
    assertThat(http.trades(web.text("outTradeNo")).get(0).path("status").asString())
        .isEqualTo("TRADE_CLOSED");
    assertThat(pay(webCheckout).statusCode()).isEqualTo(409);
  }

  @Test
  void badHandoffRequestsAreProblemsThatOpenNothing() {
    String orderNo = http.createOrder("1.00");

    Answer badReturn =
        handOff("web", orderNo, Map.of("buyer", Map.of("returnUrl", "javascript:alert(1)")));
    Answer longReturn =
        handOff(
            "web",
            orderNo,
            Map.of("buyer", Map.of("returnUrl", "https://shop.example/" + "a".repeat(260))));
    Answer badIp = handOff("mobile-web", orderNo, Map.of("buyer", Map.of("clientIp", "local")));
    Answer unknownChannel =
        http.post(http.serverBase() + "/pay/nochannel/web", Map.of("orderNo", orderNo), Map.of());

    for (Answer answer : List.of(badReturn, longReturn, badIp)) {
      assertThat(answer.status()).isEqualTo(400);
      assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    }
    assertThat(badReturn.json().path("errors").get(0).path("field").asString())
        .isEqualTo("buyer.returnUrl");
    assertThat(badIp.json().path("errors").get(0).path("field").asString())
        .isEqualTo("buyer.clientIp");
    assertThat(unknownChannel.status()).isEqualTo(404);
    assertThat(http.payments(orderNo)).isEmpty();
  }

  @Test
  void aRequestIdReplaysTheFirstAnswerByteForByte() {
    String orderNo = http.createOrder("2.22");
    Map<String, Object> body = body(orderNo, Map.of("requestId", "web-" + orderNo));

    Answer first = http.post(http.serverBase() + "/pay/alipay/web", body, Map.of());
    Answer again = http.post(http.serverBase() + "/pay/alipay/web", body, Map.of());

    assertThat(first.status()).isEqualTo(200);
    assertThat(again.body()).isEqualTo(first.body());
    assertThat(again.header("Idempotent-Replayed")).isEqualTo("true");
  }

  // --- the merchant's backend and the buyer's browser ---

  private Answer handOff(String verb, String orderNo) {
    return handOff(verb, orderNo, Map.of());
  }

  private Answer handOff(String verb, String orderNo, Map<String, Object> extra) {
    return http.post(http.serverBase() + "/pay/alipay/" + verb, body(orderNo, extra), Map.of());
  }

  private static Map<String, Object> body(String orderNo, Map<String, Object> extra) {
    Map<String, Object> body = new HashMap<>();
    body.put("orderNo", orderNo);
    body.put("buyer", Map.of("returnUrl", RETURN_URL, "quitUrl", QUIT_URL));
    body.putAll(extra);
    return body;
  }

  /** The browser follows the link: the gateway sends it to the cashier page. */
  private String openByLink(JsonNode handoff) {
    HttpResponse<String> opened = get(handoff.path("url").asString());
    assertThat(opened.statusCode()).as(opened.body()).isEqualTo(302);
    return opened.headers().firstValue("Location").orElseThrow();
  }

  /** The browser submits the auto-posting form. */
  private String openByForm(JsonNode handoff) {
    String form =
        handoff.path("formFields").properties().stream()
            .map(e -> enc(e.getKey()) + "=" + enc(e.getValue().asString()))
            .collect(Collectors.joining("&"));
    HttpResponse<String> opened =
        send(
            HttpRequest.newBuilder(URI.create(handoff.path("formAction").asString()))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form))
                .build());
    assertThat(opened.statusCode()).as(opened.body()).isEqualTo(302);
    return opened.headers().firstValue("Location").orElseThrow();
  }

  /** The buyer pays on the cashier page. */
  private HttpResponse<String> pay(String checkout) {
    return post(checkout + "/pay");
  }

  private HttpResponse<String> get(String url) {
    return send(HttpRequest.newBuilder(URI.create(url)).GET().build());
  }

  private HttpResponse<String> post(String url) {
    return send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString("buyerId=2088102146225135"))
            .build());
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return browser.send(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException(e);
    }
  }

  private static Map<String, String> query(String url) {
    Map<String, String> params = new LinkedHashMap<>();
    String query = URI.create(url).getRawQuery();
    for (String pair : query.split("&")) {
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
