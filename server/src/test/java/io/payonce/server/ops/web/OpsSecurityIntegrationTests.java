package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Who gets through: {@code /ops/**} only with the operator's credential; the buyer's pages, the
 * JSON API, the sandbox and the channel's callbacks without any credential or CSRF token.
 */
@PayOnceIntegrationTest
class OpsSecurityIntegrationTests {

  private static final String UNAUTHORIZED = "https://payonce.io/problems/unauthorized";

  @LocalServerPort int port;
  PayOnceHttp server;

  @BeforeEach
  void setUp() {
    server = new PayOnceHttp(port);
  }

  @Test
  void refusesTheConsoleWithoutACredentialWithABasicChallenge() {
    Answer answer = server.get(server.serverBase() + "/ops/alarms");

    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.header("WWW-Authenticate")).isEqualTo("Basic realm=\"PayOnce operations\"");
    assertThat(answer.header("Content-Type")).startsWith("application/problem+json");
    assertThat(answer.text("type")).isEqualTo(UNAUTHORIZED);
  }

  @Test
  void refusesAWrongPassword() {
    Answer answer =
        server.get(
            server.serverBase() + "/ops/payments",
            OpsCredential.basic(OpsCredential.USER, "guess"));

    assertThat(answer.status()).isEqualTo(401);
    assertThat(answer.text("type")).isEqualTo(UNAUTHORIZED);
  }

  @Test
  void answersAlarmsAsJsonToProgramsAndAsAPageToBrowsers() {
    Map<String, String> browser = new HashMap<>(OpsCredential.operator());
    browser.put("Accept", "text/html,*/*;q=0.8");

    Answer json = server.get(server.serverBase() + "/ops/alarms", OpsCredential.operator());
    Answer page = server.get(server.serverBase() + "/ops/alarms", browser);

    assertThat(json.status()).isEqualTo(200);
    assertThat(json.header("Content-Type")).isEqualTo("application/json");
    assertThat(json.json().isArray()).isTrue();
    assertThat(page.status()).isEqualTo(200);
    assertThat(page.header("Content-Type")).startsWith("text/html");
    assertThat(page.body()).contains("<h1>Open alarms</h1>");
  }

  @Test
  void answersAnUnknownPaymentWithTheSearchPageAnd404() {
    Answer answer =
        server.get(server.serverBase() + "/ops/payments/NO-SUCH-PAYMENT", OpsCredential.operator());

    assertThat(answer.status()).isEqualTo(404);
    assertThat(answer.body()).contains("No payment <code>NO-SUCH-PAYMENT</code>");
  }

  @Test
  void keepsTheApiAndTheChannelCallbackOpenWithoutCsrfTokens() {
    String orderNo = server.createOrder("1.00");

    Answer notify = server.postForm("/pay/alipay/notify", "out_trade_no=nope&sign=bad");

    assertThat(server.get(server.serverBase() + "/api/orders/" + orderNo).status()).isEqualTo(200);
    assertThat(notify.status()).isEqualTo(200);
    assertThat(notify.body()).isEqualTo("fail");
    assertThat(server.get(server.serverBase() + "/sandbox/clock").status()).isEqualTo(200);
    assertThat(server.get(server.serverBase() + "/").status()).isEqualTo(200);
  }
}
