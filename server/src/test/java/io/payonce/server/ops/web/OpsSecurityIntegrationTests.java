package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.ServerHttp;
import java.net.http.HttpResponse;
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
  ServerHttp server;

  @BeforeEach
  void setUp() {
    server = new ServerHttp(port);
  }

  @Test
  void refusesTheConsoleWithoutACredentialWithABasicChallenge() {
    HttpResponse<String> response = server.get("/ops/alarms");

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(response.headers().firstValue("WWW-Authenticate"))
        .hasValue("Basic realm=\"PayOnce operations\"");
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("application/problem+json"));
    assertThat(server.json(response).get("type").asString()).isEqualTo(UNAUTHORIZED);
  }

  @Test
  void refusesAWrongPassword() {
    HttpResponse<String> response =
        server.get("/ops/payments", "Authorization", ServerHttp.basic("ops", "guess"));

    assertThat(response.statusCode()).isEqualTo(401);
    assertThat(server.json(response).get("type").asString()).isEqualTo(UNAUTHORIZED);
  }

  @Test
  void answersAlarmsAsJsonToProgramsAndAsAPageToBrowsers() {
    String operator = ServerHttp.basic(ServerHttp.OPS_USER, ServerHttp.OPS_PASSWORD);

    HttpResponse<String> json = server.get("/ops/alarms", "Authorization", operator);
    HttpResponse<String> page =
        server.get("/ops/alarms", "Authorization", operator, "Accept", "text/html,*/*;q=0.8");

    assertThat(json.statusCode()).isEqualTo(200);
    assertThat(json.headers().firstValue("Content-Type")).hasValue("application/json");
    assertThat(server.json(json).isArray()).isTrue();
    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type"))
        .hasValueSatisfying(type -> assertThat(type).startsWith("text/html"));
    assertThat(page.body()).contains("<h1>Open alarms</h1>");
  }

  @Test
  void answersAnUnknownPaymentWithTheSearchPageAnd404() {
    HttpResponse<String> response =
        server.get(
            "/ops/payments/NO-SUCH-PAYMENT",
            "Authorization",
            ServerHttp.basic(ServerHttp.OPS_USER, ServerHttp.OPS_PASSWORD),
            "Accept",
            "text/html");

    assertThat(response.statusCode()).isEqualTo(404);
    assertThat(response.body()).contains("No payment <code>NO-SUCH-PAYMENT</code>");
  }

  @Test
  void keepsTheApiAndTheChannelCallbackOpenWithoutCsrfTokens() {
    String orderNo = server.createOrder("SEC", "1.00", "No token needed");

    HttpResponse<String> notify =
        server.send(
            "POST",
            "/pay/alipay/notify",
            "Content-Type",
            "application/x-www-form-urlencoded",
            "out_trade_no=nope&trade_status=TRADE_SUCCESS&sign=bad");

    assertThat(server.get("/api/orders/" + orderNo).statusCode()).isEqualTo(200);
    assertThat(notify.statusCode()).isEqualTo(200);
    assertThat(notify.body()).isEqualTo("fail");
    assertThat(server.get("/sandbox/clock").statusCode()).isEqualTo(200);
    assertThat(server.get("/").statusCode()).isEqualTo(200);
  }
}
