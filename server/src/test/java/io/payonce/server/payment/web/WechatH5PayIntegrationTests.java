package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * WeChat Pay H5 end to end — WeChat's mobile web, {@code POST /pay/wechat/mobile-web}: the server
 * prepays with the official SDK's H5Service (the buyer's IP, a WAP scene, time_expire), and the
 * phone's browser opens the h5_url — the sandbox's WeChat checkout — which pays, notifies and goes
 * back to the return address (no proof of payment). An h5_url opens for 5 minutes, so an H5 payment
 * lives no longer: a buyer back later gets a new payment, the old one closed first.
 */
@PayOnceIntegrationTest
abstract class WechatH5PayIntegrationTests {

  private static final String PREPAY = "wechat.h5.prepay";
  private static final String BUYER_IP = "203.0.113.7";
  private static final String RETURN = "https://shop.example/orders/back";
  private static final Duration SETTLES = Duration.ofSeconds(30);

  @LocalServerPort int port;
  @Autowired MutableClock clock;

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
  void thePhonesBrowserPaysTheH5PageAndTheNotifyPaysTheOrder() {
    String orderNo = http.createOrder("12.35", "Tea");
    Instant asked = clock.instant();

    Answer issued = h5(orderNo, BUYER_IP);

    assertThat(issued.status()).as(issued.body()).isEqualTo(200);
    assertThat(issued.text("kind")).isEqualTo("MOBILE_WEB");
    JsonNode handoff = issued.json().path("handoff");
    assertThat(handoff.path("type").asString()).isEqualTo("redirect");
    String url = handoff.path("url").asString();
    assertThat(url)
        .contains("/sandbox/wechat/h5/pay?prepay_id=wx")
        .endsWith("&redirect_url=" + URLEncoder.encode(RETURN, StandardCharsets.UTF_8));
    String outTradeNo = issued.text("outTradeNo");
    JsonNode order = http.wechatOrders(outTradeNo).get(0);
    assertThat(order.path("tradeType").asString()).isEqualTo("MWEB");
    // The payment ends with its h5_url: five minutes, not the QR code's fifteen.
    assertThat(Instant.parse(issued.text("expireTime")))
        .isAfter(asked)
        .isBeforeOrEqualTo(asked.plus(Duration.ofMinutes(5)).plusSeconds(5));

    Answer paid = http.wechatH5Pay(url);

    assertThat(paid.status()).as(paid.body()).isEqualTo(302);
    assertThat(paid.raw().headers().firstValue("Location")).contains(RETURN);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    JsonNode payment = http.payment(outTradeNo).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("SUCCESS");
  }

  @Test
  void doubleClicksAnswerOnePageFromOnePrepayAndTwoTapsChargeOnce() throws Exception {
    String orderNo = http.createOrder("3.35");

    List<Answer> clicks = Concurrently.run(10, i -> h5(orderNo, BUYER_IP));
    Answer repeated = h5(orderNo, BUYER_IP);

    assertThat(clicks).extracting(Answer::status).containsOnly(200);
    assertThat(clicks.stream().map(a -> a.json().path("handoff")).distinct()).hasSize(1);
    assertThat(repeated.json().path("handoff")).isEqualTo(clicks.get(0).json().path("handoff"));
    String outTradeNo = repeated.text("outTradeNo");
    assertThat(http.payments(orderNo)).hasSize(1);
    assertThat(http.wechatCalls(outTradeNo, PREPAY)).hasSize(1);
    String url = repeated.json().path("handoff").path("url").asString();
    assertThat(http.wechatH5Pay(url).status()).isEqualTo(302);
    assertThat(http.wechatH5Pay(url).status()).isGreaterThanOrEqualTo(400);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(http.wechatOrders(outTradeNo)).hasSize(1);
  }

  @Test
  void withoutTheBuyersAddressTheRequestIsRefusedAndNothingOpens() {
    String orderNo = http.createOrder("4.45");

    Answer refused = h5(orderNo, null);

    assertThat(refused.status()).isEqualTo(400);
    assertThat(refused.header("Content-Type")).startsWith("application/problem+json");
    assertThat(refused.body()).contains("buyer.clientIp");
    assertThat(http.payments(orderNo)).isEmpty();
  }

  @Test
  void aBuyerBackAfterThePagesFiveMinutesGetsANewPaymentTheOldOneClosedFirst() {
    String orderNo = http.createOrder("5.55");
    Answer first = h5(orderNo, BUYER_IP);
    String firstNo = first.text("outTradeNo");
    String firstUrl = first.json().path("handoff").path("url").asString();

    http.moveClocksTo(clock, Duration.ofMinutes(6));
    Answer later = h5(orderNo, BUYER_IP);

    assertThat(later.status()).as(later.body()).isEqualTo(200);
    String laterNo = later.text("outTradeNo");
    assertThat(laterNo).isNotEqualTo(firstNo);
    assertThat(http.payment(firstNo).text("status")).isEqualTo("CLOSED");
    assertThat(http.wechatOrders(firstNo).get(0).path("tradeState").asString()).isEqualTo("CLOSED");
    assertThat(http.wechatH5Pay(firstUrl).status()).isGreaterThanOrEqualTo(400);
    assertThat(http.wechatH5Pay(later.json().path("handoff").path("url").asString()).status())
        .isEqualTo(302);
    await().atMost(SETTLES).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    assertThat(
            http.payments(orderNo).stream()
                .filter(p -> "SUCCESS".equals(p.path("status").asString())))
        .as("charged once")
        .hasSize(1);
  }

  @Test
  void aClosedOrdersPageChargesNothing() {
    String orderNo = http.createOrder("7.75");
    Answer issued = h5(orderNo, BUYER_IP);
    String outTradeNo = issued.text("outTradeNo");

    Answer closed = http.close(orderNo);
    Answer paid = http.wechatH5Pay(issued.json().path("handoff").path("url").asString());

    assertThat(closed.status()).isEqualTo(200);
    assertThat(http.wechatOrders(outTradeNo).get(0).path("tradeState").asString())
        .isEqualTo("CLOSED");
    assertThat(paid.status()).isGreaterThanOrEqualTo(400);
    assertThat(http.orderStatus(orderNo)).isEqualTo("CLOSED");
  }

  // --- the merchant's backend and the buyer's phone ---

  private Answer h5(String orderNo, String clientIp) {
    Map<String, Object> buyer = new HashMap<>();
    buyer.put("returnUrl", RETURN);
    if (clientIp != null) {
      buyer.put("clientIp", clientIp);
    }
    return http.post(
        http.serverBase() + "/pay/wechat/mobile-web",
        Map.of("orderNo", orderNo, "buyer", buyer),
        Map.of());
  }
}
