package io.payonce.server.notify;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.sandbox.alipay.AlipayPlatformKey;
import io.payonce.server.alipay.AlipayProperties;
import io.payonce.server.testing.AlipayNotifyForms;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * The callbacks' door: a source that floods deliveries proving nothing (unsigned, forged) is
 * refused unread once its budget is spent, while the channel's real deliveries — from a source
 * whose deliveries verify — are never held, even during the flood. Sources are told apart by
 * X-Forwarded-For, as behind a load balancer with forwarded headers configured.
 */
@PayOnceIntegrationTest
@TestPropertySource(
    properties = {
      "payonce.callbacks.unproven-per-source-per-minute=5",
      "server.forward-headers-strategy=native"
    })
class CallbackDoorIntegrationTests {

  private static final int FLOOD = 12;

  @LocalServerPort int port;
  @Autowired MeterRegistry meters;
  @Autowired AlipayPlatformKey platformKey;
  @Autowired AlipayProperties alipay;

  private PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @Test
  void aFloodFromOneSourceIsHeldAtTheDoorWhileTheChannelsNotifyPaysTheOrder() throws Exception {
    String attacker = "203.0.113." + (1 + (int) (System.nanoTime() % 200));
    double heldBefore = held();

    for (int i = 0; i < FLOOD; i++) {
      assertThat(notify(attacker, forged("F" + i)).body()).isEqualTo("fail");
    }
    String orderNo = http.createOrder("6.60");
    Answer qr = http.precreate(orderNo);
    http.walletPay(qr.text("qrCode"));

    assertThat(held() - heldBefore).isEqualTo(FLOOD - 5);
    // Paid by the channel's notify (its receipt is written in the background, batched).
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () ->
                http.payment(qr.text("outTradeNo"))
                    .json()
                    .path("notifies")
                    .valueStream()
                    .anyMatch(n -> "success".equals(n.path("reply").asString())));
    assertThat(http.orderStatus(orderNo)).isEqualTo("PAID");
  }

  @Test
  void aSourceWhoseNotifiesVerifyIsNeverHeld() throws Exception {
    String channel = "198.51.100." + (1 + (int) (System.nanoTime() % 200));
    String orderNo = http.createOrder("6.70");
    Answer qr = http.precreate(orderNo);
    http.walletScan(qr.text("qrCode"));
    double heldBefore = held();

    assertThat(notify(channel, genuine(qr.text("outTradeNo"), "6.70")).body()).isEqualTo("success");
    for (int i = 0; i < FLOOD; i++) {
      notify(channel, forged("V" + i));
    }
    Answer again = notify(channel, genuine(qr.text("outTradeNo"), "6.70"));

    assertThat(again.body()).isEqualTo("success");
    assertThat(held()).isEqualTo(heldBefore);
  }

  private double held() {
    return meters.find("payonce.callbacks.held").counters().stream()
        .mapToDouble(c -> c.count())
        .sum();
  }

  private Answer notify(String source, String form) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(
                        URI.create("http://127.0.0.1:" + port + "/pay/alipay/notify"))
                    .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
                    .header("X-Forwarded-For", source)
                    .POST(HttpRequest.BodyPublishers.ofString(form))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    return new Answer(response.statusCode(), response.body(), response);
  }

  private String forged(String outTradeNo) {
    return "out_trade_no="
        + outTradeNo
        + UUID.randomUUID().toString().substring(0, 8)
        + "&trade_status=TRADE_SUCCESS&total_amount=1.00&app_id="
        + alipay.appId()
        + "&sign=Zm9yZ2Vk&sign_type=RSA2";
  }

  /** The notify Alipay sends for a paid trade, signed with the sandbox's (Alipay's) key. */
  private String genuine(String outTradeNo, String amount) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("notify_id", "N" + UUID.randomUUID().toString().replace("-", ""));
    params.put("notify_time", "2026-12-01 12:00:00");
    params.put("app_id", alipay.appId());
    params.put("out_trade_no", outTradeNo);
    params.put("trade_no", "2026120122001400000000000001");
    params.put("trade_status", "TRADE_SUCCESS");
    params.put("total_amount", amount);
    params.put("buyer_id", "2088102146225135");
    params.put("gmt_payment", "2026-12-01 12:00:00");
    return AlipayNotifyForms.signed(platformKey, params);
  }
}
