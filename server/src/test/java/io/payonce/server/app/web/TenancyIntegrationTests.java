package io.payonce.server.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.Apps;
import io.payonce.server.channel.Channel;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Apps share nothing: the same order number is two orders, and an app asking about another app's
 * order, payment or refunds is told there is none (404, never 403), whatever it tries to do to it.
 */
@PayOnceIntegrationTest
abstract class TenancyIntegrationTests {

  @LocalServerPort int port;
  @Autowired Apps apps;
  @Autowired AppAdmin admin;
  @Autowired JdbcClient jdbc;
  PayOnceHttp server;
  AppCredentials other;

  @BeforeEach
  void setUp() {
    server = new PayOnceHttp(port);
    other = apps.create("other shop");
    // Its own Alipay account (keys generated and registered with the sandbox at the first use).
    admin.putChannel(
        other.appId(),
        Channel.ALIPAY,
        Map.of("appId", "2098" + String.format("%012d", System.nanoTime() % 1_000_000_000_000L)));
  }

  @Test
  void theSameNumberIsTwoOrdersOfTwoApps() {
    String orderNo = TestNumbers.orderNo("TEN");
    Answer mine = server.post(url("/api/orders"), order(orderNo, "1.00"), Map.of());
    Answer theirs = asOther("POST", "/api/orders", order(orderNo, "2.00"));

    assertThat(mine.status()).isEqualTo(201);
    assertThat(theirs.status()).isEqualTo(201);
    assertThat(server.get(url("/api/orders/" + orderNo)).text("amount")).isEqualTo("1.00");
    assertThat(asOther("GET", "/api/orders/" + orderNo, null).text("amount")).isEqualTo("2.00");
    assertThat(
            jdbc.sql("SELECT COUNT(DISTINCT app_id) FROM orders WHERE order_no = :orderNo")
                .param("orderNo", orderNo)
                .query(Integer.class)
                .single())
        .isEqualTo(2);
  }

  @Test
  void anotherAppsOrderIsNotFoundWhateverItIsAskedToDo() {
    String orderNo = server.createOrder("1.00");
    String outTradeNo = server.precreate(orderNo).text("outTradeNo");

    for (String[] call :
        new String[][] {
          {"GET", "/api/orders/" + orderNo, null},
          {"GET", "/api/payments/" + outTradeNo, null},
          {"GET", "/pay/query?orderNo=" + orderNo, null},
          {"GET", "/pay/refunds?orderNo=" + orderNo, null},
          {"POST", "/pay/alipay/precreate", "{\"orderNo\":\"" + orderNo + "\"}"},
          {"POST", "/pay/close", "{\"orderNo\":\"" + orderNo + "\"}"},
          {
            "POST",
            "/pay/refund",
            "{\"orderNo\":\"" + orderNo + "\",\"outRequestNo\":\"r1\",\"amount\":\"1.00\"}"
          },
          {
            "POST",
            "/pay/alipay/barcode",
            "{\"orderNo\":\"" + orderNo + "\",\"authCode\":\"280000000000000000\"}"
          },
          {"POST", "/api/orders/" + orderNo + "/checkout", ""}
        }) {
      Answer answer = asOther(call[0], call[1], call[2]);
      assertThat(answer.status()).as(call[0] + " " + call[1]).isEqualTo(404);
      assertThat(answer.body()).doesNotContain("qrCode", "PRECREATED", "PAYING");
    }
    assertThat(server.orderStatus(orderNo)).isEqualTo("PAYING");
    assertThat(server.payments(orderNo)).hasSize(1);
  }

  @Test
  void idempotencyKeysOfTwoAppsNeverMeet() {
    String orderNo = TestNumbers.orderNo("TEN");
    server.post(url("/api/orders"), order(orderNo, "1.00"), Map.of());
    asOther("POST", "/api/orders", order(orderNo, "1.00"));
    String key = "same-key-" + orderNo;

    Answer mine =
        server.post(
            url("/pay/alipay/precreate"),
            "{\"orderNo\":\"" + orderNo + "\"}",
            Map.of("Idempotency-Key", key));
    Answer theirs =
        asOther(
            "POST",
            "/pay/alipay/precreate",
            "{\"orderNo\":\"" + orderNo + "\"}",
            Map.of("Idempotency-Key", key));

    assertThat(mine.status()).isEqualTo(200);
    assertThat(theirs.status()).isEqualTo(200);
    assertThat(theirs.text("outTradeNo")).isNotEqualTo(mine.text("outTradeNo"));
  }

  private Answer asOther(String method, String path, String body) {
    return asOther(method, path, body, Map.of());
  }

  private Answer asOther(String method, String path, String body, Map<String, String> extra) {
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    Map<String, String> headers =
        new java.util.HashMap<>(
            TestApps.headers(
                other.appId(),
                other.secret(),
                method,
                URI.create(url(path)),
                bytes,
                Instant.now().getEpochSecond(),
                TestApps.nonce()));
    headers.putAll(extra);
    return "GET".equals(method)
        ? server.get(url(path), headers)
        : server.post(url(path), body, headers);
  }

  private String url(String path) {
    return server.serverBase() + path;
  }

  private static String order(String orderNo, String amount) {
    return """
        {"orderNo":"%s","userId":"u-1","amount":"%s","currency":"CNY","title":"Tea"}\
        """
        .formatted(orderNo, amount);
  }
}
