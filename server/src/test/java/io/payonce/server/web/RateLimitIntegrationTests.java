package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestNumbers;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/**
 * Precreate and get-token answer 429 with Retry-After once a caller or a buyer has used up its
 * bucket; other callers and buyers go on. The period is an hour, so no bucket refills while a test
 * runs.
 */
@PayOnceIntegrationTest
@TestPropertySource(
    properties = {
      "payonce.rate-limit.enabled=true",
      "payonce.rate-limit.per-client=5",
      "payonce.rate-limit.per-buyer=3",
      "payonce.rate-limit.period=1h"
    })
class RateLimitIntegrationTests {

  private static final String TOO_MANY = "https://payonce.io/problems/too-many-requests";

  @LocalServerPort int port;
  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void aBuyerGetsNoMoreTokensThanItsBucketHolds() {
    String buyer = "u-" + UUID.randomUUID();

    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      answers.add(token(buyer, "client-" + UUID.randomUUID()));
    }

    assertThat(answers.subList(0, 3)).extracting(PayOnceHttp.Answer::status).containsOnly(200);
    assertTooMany(answers.get(3));
    assertThat(token("u-" + UUID.randomUUID(), "client-" + UUID.randomUUID()).status())
        .isEqualTo(200);
  }

  @Test
  void aCallerGetsNoMoreThanItsBucketHoldsWhateverTheBuyer() {
    String client = "client-" + UUID.randomUUID();

    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (int i = 0; i < 6; i++) {
      answers.add(token("u-" + UUID.randomUUID(), client));
    }

    assertThat(answers.subList(0, 5)).extracting(PayOnceHttp.Answer::status).containsOnly(200);
    assertTooMany(answers.get(5));
    assertThat(token("u-" + UUID.randomUUID(), "other-" + UUID.randomUUID()).status())
        .isEqualTo(200);
  }

  @Test
  void precreateCountsAgainstTheBuyerOfTheOrder() {
    String first = http.createOrder("1.00");
    List<PayOnceHttp.Answer> answers = new ArrayList<>();
    for (int i = 0; i < 4; i++) {
      answers.add(
          http.precreate(
              Map.of("orderNo", first), Map.of("X-Client-Id", "c-" + UUID.randomUUID())));
    }

    assertThat(answers.subList(0, 3)).extracting(PayOnceHttp.Answer::status).containsOnly(200);
    assertTooMany(answers.get(3));
    // Another buyer's order is not held back; an unknown order counts for its caller only.
    assertThat(http.precreate(http.createOrder("1.00")).status()).isEqualTo(200);
    assertThat(http.precreate(Map.of("orderNo", TestNumbers.orderNo("NONE")), Map.of()).status())
        .isEqualTo(404);
  }

  private PayOnceHttp.Answer token(String buyer, String client) {
    return http.get(
        http.serverBase() + "/api/pay/get-token?userId=" + buyer, Map.of("X-Client-Id", client));
  }

  private static void assertTooMany(PayOnceHttp.Answer answer) {
    assertThat(answer.status()).isEqualTo(429);
    assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    assertThat(answer.body()).contains("\"type\":\"" + TOO_MANY + "\"");
    assertThat(Long.parseLong(answer.header("Retry-After"))).isBetween(1L, 3600L);
  }
}
