package io.payonce.server.paytoken;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.app.AppCredentials;
import io.payonce.server.app.Apps;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * One-time pay tokens over HTTP, against the in-process sandbox: a token is bound to its user,
 * precreates once however many requests carry it, and replays that first answer afterwards.
 */
@PayOnceIntegrationTest
abstract class PayTokenIntegrationTests {

  private static final int USES = 50;
  private static final String PROBLEMS = "https://payonce.io/problems/";

  @LocalServerPort int port;
  @Autowired OrderService orders;
  @Autowired Apps apps;
  @Autowired JsonMapper json;
  @Autowired java.time.Clock clock;

  PayOnceHttp http;

  @BeforeEach
  void client() {
    http = new PayOnceHttp(port);
  }

  @Test
  void issuesAFifteenMinuteTokenForAUser() throws Exception {
    Answer response = http.get(http.serverBase() + "/api/pay/get-token?userId=alice");

    assertThat(response.status()).isEqualTo(200);
    JsonNode body = json.readTree(response.body());
    assertThat(body.get("token").asString()).startsWith("pt_").hasSize(35);
    Instant expiresAt = Instant.parse(body.get("expiresAt").asString());
    assertThat(Duration.between(clock.instant(), expiresAt))
        .isBetween(Duration.ofMinutes(14), Duration.ofMinutes(15));
  }

  @Test
  void refusesATokenRequestWithoutAUser() throws Exception {
    Answer response = http.get(http.serverBase() + "/api/pay/get-token");

    assertProblem(response, 400, "validation");
  }

  @Test
  void fiftyConcurrentUsesOfOneTokenPrecreateOnceAndReplayTheFirstAnswer() throws Exception {
    String user = "u-" + TestNumbers.orderNo("user");
    String orderNo = order(user);
    String token = token(user);
    String body = precreateBody(orderNo, token);

    List<Answer> answers = Concurrently.run(USES, i -> precreate(body));

    List<Answer> ok = answers.stream().filter(r -> r.status() == 200).toList();
    assertThat(ok).isNotEmpty();
    assertThat(answers)
        .allSatisfy(
            r -> {
              if (r.status() != 200) {
                assertProblem(r, 409, "idempotency-key-in-use");
              }
            });
    Set<String> outTradeNos =
        ok.stream().map(r -> field(r, "outTradeNo")).collect(Collectors.toSet());
    assertThat(outTradeNos).hasSize(1);
    String outTradeNo = outTradeNos.iterator().next();
    assertThat(sandboxPrecreateCalls(outTradeNo)).isEqualTo(1);

    Answer retry = precreate(body);
    assertThat(retry.status()).isEqualTo(200);
    assertThat(retry.header("Idempotent-Replayed")).isEqualTo("true");
    assertThat(field(retry, "outTradeNo")).isEqualTo(outTradeNo);
    assertThat(sandboxPrecreateCalls(outTradeNo)).isEqualTo(1);
  }

  @Test
  void refusesAnotherUsersToken() throws Exception {
    String orderNo = order("alice-" + TestNumbers.orderNo("a"));
    String bobsToken = token("bob-" + TestNumbers.orderNo("b"));

    Answer response = precreate(precreateBody(orderNo, bobsToken));

    assertProblem(response, 403, "pay-token-forbidden");
    JsonNode query = http.query(orderNo).json();
    assertThat(query.get("payment").isNull()).isTrue();
  }

  @Test
  void anotherAppsTokenIsUnknownAndStaysUsableByItsOwnApp() throws Exception {
    String user = "erin-" + TestNumbers.orderNo("e");
    String token = token(user);
    AppCredentials other = apps.create("another shop");
    PayOnceHttp otherApp = http.as(other.appId(), other.secret());
    String theirOrder = TestNumbers.orderNo("tok");
    orders.create(
        new NewOrder(other.appId(), theirOrder, user, Money.ofMinor(1234, "CNY"), "Their order"));

    Answer stolen = otherApp.precreate(precreateBody(theirOrder, token), Map.of());

    assertProblem(stolen, 400, "pay-token-invalid");
    assertThat(otherApp.query(theirOrder).json().get("payment").isNull()).isTrue();
    assertThat(precreate(precreateBody(order(user), token)).status()).isEqualTo(200);
  }

  @Test
  void refusesAnUnknownToken() throws Exception {
    String orderNo = order("carol");

    Answer response = precreate(precreateBody(orderNo, "pt_doesnotexist"));

    assertProblem(response, 400, "pay-token-invalid");
  }

  @Test
  void refusesATokenUsedForAnotherOrder() throws Exception {
    String user = "dave-" + TestNumbers.orderNo("d");
    String token = token(user);
    assertThat(precreate(precreateBody(order(user), token)).status()).isEqualTo(200);

    Answer second = precreate(precreateBody(order(user), token));

    assertProblem(second, 422, "idempotency-key-reused");
  }

  String order(String user) {
    String orderNo = TestNumbers.orderNo("tok");
    orders.create(
        new NewOrder(TestApps.APP_ID, orderNo, user, Money.ofMinor(1234, "CNY"), "Pay token test"));
    return orderNo;
  }

  String token(String user) throws Exception {
    Answer response = http.get(http.serverBase() + "/api/pay/get-token?userId=" + user);
    assertThat(response.status()).isEqualTo(200);
    return field(response, "token");
  }

  private Answer precreate(String body) {
    return http.precreate(body, Map.of());
  }

  private static String precreateBody(String orderNo, String token) {
    return "{\"orderNo\":\"" + orderNo + "\",\"payToken\":\"" + token + "\"}";
  }

  private long sandboxPrecreateCalls(String outTradeNo) {
    return http.calls(outTradeNo, "alipay.trade.precreate").size();
  }

  private static String field(Answer response, String name) {
    return response.text(name);
  }

  private void assertProblem(Answer response, int status, String type) {
    assertThat(response.status()).isEqualTo(status);
    assertThat(response.header("Content-Type")).startsWith("application/problem+json");
    assertThat(json.readTree(response.body()).get("type").asString()).isEqualTo(PROBLEMS + type);
  }
}
