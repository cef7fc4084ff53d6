package io.payonce.server.alarm;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.sandbox.alipay.AlipayPlatformKey;
import io.payonce.server.alipay.AlipayProperties;
import io.payonce.server.audit.AuditTrail;
import io.payonce.server.testing.AlipayNotifyForms;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Whoever reaches a callback URL can send forged notifies, each naming a number of its choosing:
 * beyond the budget they are refused with the channel's failure reply and counted, but write no
 * alarm and no receipt, so a flood neither fills the tables nor buries the alarms that matter.
 */
@PayOnceIntegrationTest
@TestPropertySource(properties = "payonce.alarms.refused-callbacks-per-minute=5")
class RefusedCallbackFloodIntegrationTests {

  private static final int FLOOD = 40;

  @LocalServerPort int port;
  @Autowired JdbcClient jdbc;
  @Autowired MeterRegistry meters;
  @Autowired AuditTrail audit;
  @Autowired AlipayPlatformKey alipayPlatformKey;

  @Autowired AlipayProperties alipay;

  private PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void aFloodOfForgedNotifiesRecordsOnlyTheBudgetAndCountsTheRest() {
    double suppressedBefore = suppressed();
    String prefix = "F" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    List<String> replies = new ArrayList<>();

    for (int i = 0; i < FLOOD; i++) {
      // The bootstrap account's app_id with a signature that is not Alipay's: BAD_SIGNATURE, a
      // budget the other tests here do not touch.
      replies.add(
          http.postForm("/pay/alipay/notify", forged(prefix + i) + "&app_id=" + alipay.appId())
              .body());
    }

    assertThat(replies).hasSize(FLOOD).containsOnly("fail");
    assertThat(rows("alarm", prefix)).isEqualTo(5);
    // Receipts are written off the request's path, in batches.
    await().atMost(Duration.ofSeconds(20)).until(() -> rows("notify_receipt", prefix) >= 5);
    audit.flush();
    assertThat(rows("notify_receipt", prefix)).isEqualTo(5);
    assertThat(suppressed() - suppressedBefore).isEqualTo(FLOOD - 5);
  }

  @Test
  void anotherChannelsRefusedCallbacksHaveABudgetOfTheirOwn() {
    String prefix = "G" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
    for (int i = 0; i < 10; i++) {
      http.postForm("/pay/alipay/notify", forged(prefix + i));
    }

    long wechatAlarmsBefore = wechatAlarms();

    PayOnceHttp.Answer wechat =
        http.postRaw(
            "/api/pay/callback/wechat",
            Map.of("Content-Type", "application/xml"),
            "<xml><return_code>SUCCESS</return_code><out_trade_no>"
                + prefix
                + "w</out_trade_no><sign>forged</sign></xml>");

    assertThat(wechat.body()).contains("FAIL");
    assertThat(wechatAlarms()).isEqualTo(wechatAlarmsBefore + 1);
  }

  private long wechatAlarms() {
    return jdbc.sql("SELECT COUNT(*) FROM alarm WHERE channel = 'WECHAT'")
        .query(Long.class)
        .single();
  }

  @Test
  void aNotifyAlipaySignedButRefusedIsAlarmedThoughForgedOnesSpentTheBudget() throws Exception {
    String alipayAppId = "2099" + String.format("%012d", System.nanoTime() % 1_000_000_000_000L);
    String appId =
        ops("POST", "/ops/api/apps", "{\"name\":\"flooded shop\"}").path("appId").asString();
    ops(
        "PUT",
        "/ops/api/apps/" + appId + "/channels/alipay",
        "{\"appId\":\"" + alipayAppId + "\",\"sellerId\":\"2088000000000001\"}");
    for (int i = 0; i < 10; i++) {
      // An app_id nobody has: refused before any signature is checked, like the signed one below.
      http.postForm("/pay/alipay/notify", forged("H" + i) + "&app_id=nobody");
    }
    String outTradeNo = "S" + UUID.randomUUID().toString().replace("-", "").substring(0, 20);

    String reply =
        http.postForm("/pay/alipay/notify", signedForAnotherSeller(alipayAppId, outTradeNo)).body();

    assertThat(reply).isEqualTo("fail");
    assertThat(
            jdbc.sql("SELECT alarm_type FROM alarm WHERE out_trade_no = :no")
                .param("no", outTradeNo)
                .query(String.class)
                .list())
        .containsExactly("APP_ID_MISMATCH");
  }

  private JsonNode ops(String method, String path, String json) throws Exception {
    HttpResponse<String> response =
        HttpClient.newHttpClient()
            .send(
                HttpRequest.newBuilder(URI.create(http.serverBase() + path))
                    .header("Content-Type", "application/json")
                    .header(
                        "Authorization",
                        "Basic "
                            + Base64.getEncoder()
                                .encodeToString("ops:payonce".getBytes(StandardCharsets.UTF_8)))
                    .method(method, HttpRequest.BodyPublishers.ofString(json))
                    .build(),
                HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(response.body()).isBetween(200, 201);
    return JsonMapper.builder().build().readTree(response.body());
  }

  /** A notify as Alipay signs it, for an account whose seller is another. */
  private String signedForAnotherSeller(String alipayAppId, String outTradeNo) {
    Map<String, String> params = new LinkedHashMap<>();
    params.put("app_id", alipayAppId);
    params.put("charset", "utf-8");
    params.put("notify_type", "trade_status_sync");
    params.put("notify_id", "n" + outTradeNo);
    params.put("out_trade_no", outTradeNo);
    params.put("trade_no", "2026" + outTradeNo.substring(1, 12));
    params.put("trade_status", "TRADE_SUCCESS");
    params.put("total_amount", "1.00");
    params.put("seller_id", "2088999999999999");
    return AlipayNotifyForms.signed(alipayPlatformKey, params);
  }

  private static String forged(String outTradeNo) {
    return "out_trade_no="
        + outTradeNo
        + "&trade_status=TRADE_SUCCESS&total_amount=10.00&trade_no=1&sign=Zm9yZ2Vk&sign_type=RSA2";
  }

  private long rows(String table, String prefix) {
    return jdbc.sql("SELECT COUNT(*) FROM " + table + " WHERE out_trade_no LIKE :prefix")
        .param("prefix", prefix + "%")
        .query(Long.class)
        .single();
  }

  private double suppressed() {
    return meters.find("payonce.alarms.suppressed").counters().stream()
        .mapToDouble(c -> c.count())
        .sum();
  }
}
