package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;

/**
 * The operator's pages as HTML over plain HTTP (the browser tests are OpsConsoleIntegrationTests):
 * the timeline shows what {@code GET /api/payments/{outTradeNo}} lists, the search lists an order's
 * payments newest first.
 */
@PayOnceIntegrationTest
class OpsPagesIntegrationTests {

  @LocalServerPort int port;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
    http.calm();
  }

  @AfterEach
  void tearDown() {
    http.calm();
  }

  @Test
  void theTimelineCountsWhatTheApiLists() {
    String orderNo = http.createOrder("7.70");
    Answer qr = http.precreate(orderNo);
    String outTradeNo = qr.text("outTradeNo");
    http.chaos(Map.of("outTradeNo", outTradeNo, "notifyCopies", 3));
    http.walletPay(qr.text("qrCode"));
    await()
        .atMost(Duration.ofSeconds(20))
        .until(() -> http.payment(outTradeNo).json().path("notifies").size() == 3);
    JsonNode api = http.payment(outTradeNo).json();

    String page = page("/ops/payments/" + outTradeNo).body();

    assertThat(count(page, "transition-count")).isEqualTo(api.path("journal").size());
    assertThat(count(page, "notify-count")).isEqualTo(3);
    assertThat(count(page, "call-count")).isEqualTo(api.path("channelCalls").size());
    assertThat(count(page, "alarm-count")).isEqualTo(api.path("alarms").size());
    assertThat(rows(page, "PAYMENT")).isEqualTo(api.path("journal").size());
    assertThat(rows(page, "NOTIFY")).isEqualTo(3);
    assertThat(rows(page, "CALL")).isEqualTo(api.path("channelCalls").size());
    assertThat(page).contains("→ SUCCESS × 1", "APPLIED × 1", "DUPLICATE × 2", "7.70 CNY · ALIPAY");
  }

  @Test
  void theSearchListsAnOrdersPaymentsNewestFirst() {
    String orderNo = http.createOrder("2.50", "Two codes");
    Answer qr = http.precreate(orderNo);
    String first = qr.text("outTradeNo");
    // A scanned code is closed by a refresh and replaced; an unscanned one would be kept.
    http.walletScan(qr.text("qrCode"));
    String second = http.refresh(orderNo).text("outTradeNo");

    String page = page("/ops/payments?orderNo=" + orderNo).body();

    assertThat(page).contains("<code>" + orderNo + "</code>", "2.50 CNY", "Two codes");
    assertThat(page.indexOf(">" + second + "<"))
        .isPositive()
        .isLessThan(page.indexOf(">" + first + "<"));
  }

  @Test
  void theSearchSaysWhenThereIsNoSuchOrder() {
    Answer answer = page("/ops/payments?orderNo=NO-SUCH-ORDER");

    assertThat(answer.status()).isEqualTo(200);
    assertThat(answer.body()).contains("id=\"no-order\"");
  }

  @Test
  void theSearchSaysADayOutsideWhatTheColumnsHoldIsABadDay() {
    for (String day :
        new String[] {"%2B999999999-12-31", "-999999999-01-01", "%2B10000-01-01", "9999-12-31"}) {
      Answer answer = page("/ops/payments?day=" + day);

      assertThat(answer.status()).as(day).isEqualTo(200);
      assertThat(answer.body()).as(day).contains("The day must be a date, yyyy-MM-dd.");
    }
    Answer fine = page("/ops/payments?day=2026-11-30");
    assertThat(fine.status()).isEqualTo(200);
    assertThat(fine.body()).doesNotContain("The day must be a date, yyyy-MM-dd.");
  }

  private Answer page(String path) {
    Map<String, String> headers = new HashMap<>(OpsCredential.operator());
    headers.put("Accept", "text/html");
    return http.get(http.serverBase() + path, headers);
  }

  private static int count(String page, String id) {
    Matcher m = Pattern.compile("id=\"" + id + "\">(\\d+)<").matcher(page);
    assertThat(m.find()).as("#%s on the page", id).isTrue();
    return Integer.parseInt(m.group(1));
  }

  private static long rows(String page, String kind) {
    return Pattern.compile("class=\"event\" data-kind=\"" + kind + "\"")
        .matcher(page)
        .results()
        .count();
  }
}
