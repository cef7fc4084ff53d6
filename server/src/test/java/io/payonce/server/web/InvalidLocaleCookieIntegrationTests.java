package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Anyone can send a {@code payonce-lang} cookie. One that names no locale once failed every route —
 * health checks and channel callbacks included — with a 500; it is ignored, as if absent, and the
 * browser's languages decide. So is one that parses to a language no page is written in.
 */
@PayOnceIntegrationTest
class InvalidLocaleCookieIntegrationTests {

  @LocalServerPort int port;
  RawHttp raw;

  @BeforeEach
  void setUp() {
    raw = new RawHttp(port);
  }

  @ParameterizedTest
  @ValueSource(strings = {"%ZZ", "%", "zh_CN_xx_yy!", "__", "-", "a b", "fr", "und"})
  void anInvalidLanguageCookieIsIgnoredOnEveryRoute(String value) {
    String cookie = "Cookie: payonce-lang=" + value;

    RawHttp.Answer health = raw.send("GET", "/actuator/health", List.of(cookie), null);
    RawHttp.Answer notify =
        raw.send(
            "POST",
            "/pay/alipay/notify",
            List.of(cookie, "Content-Type: application/x-www-form-urlencoded"),
            "a=b");
    RawHttp.Answer api = raw.send("GET", "/pay/query?orderNo=o1", List.of(cookie), null);
    RawHttp.Answer login =
        raw.send(
            "GET",
            "/ops/login",
            List.of(cookie, "Accept: text/html", "Accept-Language: zh-CN,zh;q=0.9"),
            null);

    assertThat(health.status()).isEqualTo(200);
    // A notify that does not verify: Alipay's failure reply, not a 500.
    assertThat(notify.status()).isLessThan(500);
    assertThat(notify.body()).isEqualTo("fail");
    assertThat(api.status()).isBetween(400, 499);
    assertThat(api.isProblem()).isTrue();
    assertThat(login.status()).isEqualTo(200);
    assertThat(login.body()).contains("<html lang=\"zh-CN\"");
  }

  @Test
  void aCookieNamingALanguageWeHaveStillDecides() {
    RawHttp.Answer login =
        raw.send(
            "GET",
            "/ops/login",
            List.of("Cookie: payonce-lang=zh-CN", "Accept: text/html", "Accept-Language: en"),
            null);

    assertThat(login.body()).contains("<html lang=\"zh-CN\"");
  }
}
