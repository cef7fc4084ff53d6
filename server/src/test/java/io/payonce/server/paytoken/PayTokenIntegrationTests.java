package io.payonce.server.paytoken;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.JsonHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestNumbers;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
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
  @Autowired JsonMapper json;

  JsonHttp http;

  @BeforeEach
  void client() {
    http = new JsonHttp(port);
  }

  @Test
  void issuesAFifteenMinuteTokenForAUser() throws Exception {
    HttpResponse<String> response = http.get("/api/pay/get-token?userId=alice");

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = json.readTree(response.body());
    assertThat(body.get("token").asString()).startsWith("pt_").hasSize(35);
    Instant expiresAt = Instant.parse(body.get("expiresAt").asString());
    assertThat(Duration.between(Instant.now(), expiresAt))
        .isBetween(Duration.ofMinutes(14), Duration.ofMinutes(15));
  }

  @Test
  void refusesATokenRequestWithoutAUser() throws Exception {
    HttpResponse<String> response = http.get("/api/pay/get-token");

    assertProblem(response, 400, "validation");
  }

  @Test
  void fiftyConcurrentUsesOfOneTokenPrecreateOnceAndReplayTheFirstAnswer() throws Exception {
    String user = "u-" + TestNumbers.orderNo("user");
    String orderNo = order(user);
    String token = token(user);
    String body = precreateBody(orderNo, token);

    List<HttpResponse<String>> answers = concurrently(USES, () -> precreate(body));

    List<HttpResponse<String>> ok = answers.stream().filter(r -> r.statusCode() == 200).toList();
    assertThat(ok).isNotEmpty();
    assertThat(answers)
        .allSatisfy(
            r -> {
              if (r.statusCode() != 200) {
                assertProblem(r, 409, "idempotency-key-in-use");
              }
            });
    Set<String> outTradeNos =
        ok.stream().map(r -> field(r, "outTradeNo")).collect(Collectors.toSet());
    assertThat(outTradeNos).hasSize(1);
    String outTradeNo = outTradeNos.iterator().next();
    assertThat(sandboxPrecreateCalls(outTradeNo)).isEqualTo(1);

    HttpResponse<String> retry = precreate(body);
    assertThat(retry.statusCode()).isEqualTo(200);
    assertThat(retry.headers().firstValue("Idempotent-Replayed")).hasValue("true");
    assertThat(field(retry, "outTradeNo")).isEqualTo(outTradeNo);
    assertThat(sandboxPrecreateCalls(outTradeNo)).isEqualTo(1);
  }

  @Test
  void refusesAnotherUsersToken() throws Exception {
    String orderNo = order("alice-" + TestNumbers.orderNo("a"));
    String bobsToken = token("bob-" + TestNumbers.orderNo("b"));

    HttpResponse<String> response = precreate(precreateBody(orderNo, bobsToken));

    assertProblem(response, 403, "pay-token-forbidden");
    JsonNode query = json.readTree(http.get("/pay/query?orderNo=" + orderNo).body());
    assertThat(query.get("payment").isNull()).isTrue();
  }

  @Test
  void refusesAnUnknownToken() throws Exception {
    String orderNo = order("carol");

    HttpResponse<String> response = precreate(precreateBody(orderNo, "pt_doesnotexist"));

    assertProblem(response, 400, "pay-token-invalid");
  }

  @Test
  void refusesATokenUsedForAnotherOrder() throws Exception {
    String user = "dave-" + TestNumbers.orderNo("d");
    String token = token(user);
    assertThat(precreate(precreateBody(order(user), token)).statusCode()).isEqualTo(200);

    HttpResponse<String> second = precreate(precreateBody(order(user), token));

    assertProblem(second, 422, "idempotency-key-reused");
  }

  String order(String user) {
    String orderNo = TestNumbers.orderNo("tok");
    orders.create(new NewOrder(orderNo, user, Money.ofMinor(1234, "CNY"), "Pay token test"));
    return orderNo;
  }

  String token(String user) throws Exception {
    HttpResponse<String> response = http.get("/api/pay/get-token?userId=" + user);
    assertThat(response.statusCode()).isEqualTo(200);
    return field(response, "token");
  }

  private HttpResponse<String> precreate(String body) throws Exception {
    return http.post("/pay/alipay/precreate", body);
  }

  private static String precreateBody(String orderNo, String token) {
    return "{\"orderNo\":\"" + orderNo + "\",\"payToken\":\"" + token + "\"}";
  }

  private long sandboxPrecreateCalls(String outTradeNo) throws Exception {
    JsonNode calls =
        json.readTree(
            http.get(
                    "/sandbox/alipay/calls?outTradeNo="
                        + outTradeNo
                        + "&method=alipay.trade.precreate")
                .body());
    return calls.size();
  }

  private String field(HttpResponse<String> response, String name) {
    return json.readTree(response.body()).get(name).asString();
  }

  private void assertProblem(HttpResponse<String> response, int status, String type) {
    assertThat(response.statusCode()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(v -> assertThat(v).startsWith("application/problem+json"));
    assertThat(json.readTree(response.body()).get("type").asString()).isEqualTo(PROBLEMS + type);
  }

  private static <T> List<T> concurrently(int threads, java.util.concurrent.Callable<T> call)
      throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(threads);
    try {
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < threads; i++) {
        futures.add(
            pool.submit(
                () -> {
                  start.await();
                  return call.call();
                }));
      }
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get());
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }
}
