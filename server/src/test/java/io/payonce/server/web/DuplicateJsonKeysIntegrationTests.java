package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestNumbers;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A JSON body that gives a key twice is refused, not read as its last value: {@code
 * {"orderNo":"A","orderNo":"B"}} once created order B, while whatever read the body before PayOnce
 * (a proxy, a log, the merchant's own checks) may have taken it for A.
 */
@PayOnceIntegrationTest
class DuplicateJsonKeysIntegrationTests {

  @LocalServerPort int port;
  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void anOrderWhoseNumberIsGivenTwiceIsRefusedAndNeitherIsCreated() {
    String first = TestNumbers.orderNo("A");
    String second = TestNumbers.orderNo("B");
    String body =
        "{\"orderNo\":\""
            + first
            + "\",\"orderNo\":\""
            + second
            + "\",\"userId\":\"u1\",\"amount\":\"1.00\",\"currency\":\"CNY\",\"title\":\"t\"}";

    Answer answer = http.post(http.serverBase() + "/api/orders", body, Map.of());

    assertBadRequestProblem(answer);
    assertThat(http.get(http.serverBase() + "/api/orders/" + first).status()).isEqualTo(404);
    assertThat(http.get(http.serverBase() + "/api/orders/" + second).status()).isEqualTo(404);
  }

  @Test
  void aPaymentRequestWithAKeyGivenTwiceIsRefused() {
    String orderNo = http.createOrder("1.00");

    Answer amounts =
        http.post(
            http.serverBase() + "/pay/alipay/precreate",
            "{\"orderNo\":\"" + orderNo + "\",\"refresh\":false,\"refresh\":true}",
            Map.of());
    Answer keys =
        http.post(
            http.serverBase() + "/pay/alipay/precreate",
            "{\"orderNo\":\""
                + orderNo
                + "\",\"requestId\":\"dup-key-one\",\"requestId\":\"dup-key-two\"}",
            Map.of());

    assertBadRequestProblem(amounts);
    assertBadRequestProblem(keys);
    assertThat(http.payments(orderNo)).isEmpty();
  }

  @Test
  void anOperatorsRequestWithAKeyGivenTwiceIsRefused() {
    String basic =
        "Basic "
            + Base64.getEncoder().encodeToString("ops:payonce".getBytes(StandardCharsets.UTF_8));

    Answer answer =
        http.post(
            http.serverBase() + "/ops/reconciliations",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"2020-01-01\",\"billDate\":\"2020-01-02\"}",
            Map.of("Authorization", basic, "Accept", "application/json"));

    assertBadRequestProblem(answer);
  }

  private static void assertBadRequestProblem(Answer answer) {
    assertThat(answer.status()).as(answer.body()).isEqualTo(400);
    assertThat(answer.raw().headers().firstValue("Content-Type").orElse(""))
        .startsWith("application/problem+json");
    assertThat(answer.body()).containsAnyOf("malformed-request", "validation");
  }
}
