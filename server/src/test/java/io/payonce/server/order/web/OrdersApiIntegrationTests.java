package io.payonce.server.order.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.channel.Channel;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.PaymentOpener;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpRequest.BodyPublishers;
import java.net.http.HttpResponse;
import java.net.http.HttpResponse.BodyHandlers;
import java.nio.charset.StandardCharsets;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * The orders API over real HTTP: idempotent creation, problems for every bad input. Reading an
 * order is {@code view.web}'s (ReadApiIntegrationTests).
 */
@PayOnceIntegrationTest
class OrdersApiIntegrationTests {

  private static final String PROBLEM_BASE = "https://payonce.io/problems/";

  @LocalServerPort int port;
  @Autowired JsonMapper json;
  @Autowired JdbcClient jdbc;
  @Autowired OrderService orders;
  @Autowired PaymentOpener opener;

  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void createsAnOrder() throws Exception {
    String orderNo = TestNumbers.orderNo("API");

    HttpResponse<String> response = post(body(orderNo, "12.34", "CNY"));

    assertThat(response.statusCode()).isEqualTo(201);
    assertThat(response.headers().firstValue("Location")).hasValue("/api/orders/" + orderNo);
    JsonNode order = json.readTree(response.body());
    assertThat(order.get("orderNo").asString()).isEqualTo(orderNo);
    assertThat(order.get("amount").asString()).isEqualTo("12.34");
    assertThat(order.get("currency").asString()).isEqualTo("CNY");
    assertThat(order.get("status").asString()).isEqualTo("CREATED");
  }

  @Test
  void replaysTheSameOrderForTheSameFields() throws Exception {
    String orderNo = TestNumbers.orderNo("API");
    HttpResponse<String> first = post(body(orderNo, "12.34", "CNY"));

    HttpResponse<String> again = post(body(orderNo, "12.340", "CNY").replace("12.340", "12.34"));

    assertThat(again.statusCode()).isEqualTo(200);
    assertThat(json.readTree(again.body())).isEqualTo(json.readTree(first.body()));
    assertThat(ordersNamed(orderNo)).isEqualTo(1);
  }

  @Test
  void refusesTheSameNumberWithDifferentFields() throws Exception {
    String orderNo = TestNumbers.orderNo("API");
    post(body(orderNo, "12.34", "CNY"));

    HttpResponse<String> response = post(body(orderNo, "99.99", "CNY"));

    assertProblem(response, 409, "conflict");
    assertThat(get(orderNo).body()).contains("\"amount\":\"12.34\"");
  }

  @Test
  void aReplayAnswersWithTheOrderAsItIsNowPaymentsIncluded() throws Exception {
    String orderNo = TestNumbers.orderNo("API");
    post(body(orderNo, "0.01", "CNY"));
    opener.open(orders.find(TestApps.ref(orderNo)).orElseThrow().id(), Channel.ALIPAY, null, null);

    HttpResponse<String> again = post(body(orderNo, "0.01", "CNY"));

    assertThat(again.statusCode()).isEqualTo(200);
    JsonNode order = json.readTree(again.body());
    assertThat(order.get("status").asString()).isEqualTo("PAYING");
    assertThat(order.get("payments")).hasSize(1);
    assertThat(order.get("payments").get(0).get("status").asString()).isEqualTo("INIT");
    assertThat(order).isEqualTo(json.readTree(get(orderNo).body()));
  }

  static Stream<Arguments> badBodies() {
    return Stream.of(
        Arguments.of("{\"orderNo\":", "malformed-request", null),
        Arguments.of("", "malformed-request", null),
        Arguments.of("[1,2]", "malformed-request", null),
        Arguments.of(valid().replace("\"A title\"", "{\"x\":1}"), "validation", "title"),
        Arguments.of(valid().replace("\"12.34\"", "-1"), "validation", "amount"),
        Arguments.of(valid().replace("12.34", "-1.00"), "validation", "amount"),
        Arguments.of(valid().replace("12.34", "0"), "validation", "amount"),
        Arguments.of(valid().replace("12.34", "0.00"), "validation", "amount"),
        Arguments.of(valid().replace("12.34", "12.345"), "validation", "amount"),
        Arguments.of(valid().replace("12.34", "1e3"), "validation", "amount"),
        Arguments.of(valid().replace("12.34", "100000000.01"), "validation", "amount"),
        Arguments.of(valid().replace("12.34", "9".repeat(40)), "validation", "amount"),
        Arguments.of(valid().replace("12.34", "12,34"), "validation", "amount"),
        Arguments.of(valid().replace("\"CNY\"", "\"USD\""), "validation", "currency"),
        Arguments.of(valid().replace("\"CNY\"", "null"), "validation", "currency"),
        Arguments.of(valid().replace("ORDERNO", ""), "validation", "orderNo"),
        Arguments.of(valid().replace("ORDERNO", "a b"), "validation", "orderNo"),
        Arguments.of(valid().replace("ORDERNO", "订单"), "validation", "orderNo"),
        Arguments.of(valid().replace("ORDERNO", "x".repeat(65)), "validation", "orderNo"),
        Arguments.of(valid().replace("\"user-1\"", "\"\""), "validation", "userId"),
        Arguments.of(valid().replace("A title", "t".repeat(257)), "validation", "title"),
        Arguments.of("{}", "validation", "orderNo"));
  }

  @ParameterizedTest
  @MethodSource("badBodies")
  void refusesBadInputAndWritesNothing(String body, String problem, String field) throws Exception {
    int before = allOrders();

    HttpResponse<String> response = post(body);

    assertProblem(response, 400, problem);
    if (field != null) {
      assertThat(json.readTree(response.body()).get("errors").findValuesAsString("field"))
          .contains(field);
    }
    assertThat(allOrders()).isEqualTo(before);
  }

  @Test
  void namesEveryInvalidField() throws Exception {
    HttpResponse<String> response =
        post("{\"orderNo\":\"\",\"userId\":\"\",\"amount\":\"x\",\"currency\":\"CNY\"}");

    assertThat(json.readTree(response.body()).get("errors").findValuesAsString("field"))
        .containsExactlyInAnyOrder("orderNo", "userId", "title", "amount");
  }

  @Test
  void answersProblemsForUnknownRoutesMethodsAndMediaTypes() throws Exception {
    HttpResponse<String> unknown = send("GET", "/api/nothing-here", null, null);
    assertProblem(unknown, 404, "not-found");
    assertThat(json.readTree(unknown.body()).get("instance").asString())
        .isEqualTo("/api/nothing-here");
    HttpResponse<String> delete = send("DELETE", "/api/orders", null, null);
    assertProblem(delete, 405, "method-not-allowed");
    assertThat(delete.headers().firstValue("Allow")).isPresent();
    HttpResponse<String> text = send("POST", "/api/orders", "text/plain", valid());
    assertProblem(text, 415, "unsupported-media-type");
  }

  @Test
  void exposesHealthAndPrometheusMetrics() throws Exception {
    HttpResponse<String> health = send(request("/actuator/health").GET());
    HttpResponse<String> anonymous = send(request("/actuator/prometheus").GET());
    HttpResponse<String> metrics =
        send(
            request("/actuator/prometheus")
                // The operator's credential of application-test.yml (ops / payonce).
                .header("Authorization", "Basic b3BzOnBheW9uY2U=")
                .GET());

    assertThat(health.statusCode()).isEqualTo(200);
    assertProblem(anonymous, 401, "unauthorized");
    assertThat(health.body()).contains("\"status\":\"UP\"");
    assertThat(metrics.statusCode()).isEqualTo(200);
    assertThat(metrics.body()).contains("jvm_memory_used_bytes", "http_server_requests_seconds");
    // Spring Security's per-filter observations are off (their cost, issue 27); requests are
    // still timed above.
    assertThat(metrics.body()).doesNotContain("spring_security_");
  }

  private void assertProblem(HttpResponse<String> response, int status, String type)
      throws IOException {
    assertThat(response.statusCode()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type"))
        .hasValueSatisfying(value -> assertThat(value).startsWith("application/problem+json"));
    JsonNode problem = json.readTree(response.body());
    assertThat(problem.get("type").asString()).isEqualTo(PROBLEM_BASE + type);
    assertThat(problem.get("status").asInt()).isEqualTo(status);
    assertThat(response.body()).doesNotContain("Exception", "\tat ", "trace");
  }

  private static String valid() {
    return body("ORDERNO", "12.34", "CNY");
  }

  private static String body(String orderNo, String amount, String currency) {
    return """
        {"orderNo":"%s","userId":"user-1","amount":"%s","currency":"%s","title":"A title"}\
        """
        .formatted(orderNo, amount, currency);
  }

  private int ordersNamed(String orderNo) {
    return jdbc.sql("SELECT COUNT(*) FROM orders WHERE order_no = :orderNo")
        .param("orderNo", orderNo)
        .query(Integer.class)
        .single();
  }

  private int allOrders() {
    return jdbc.sql("SELECT COUNT(*) FROM orders").query(Integer.class).single();
  }

  private HttpResponse<String> post(String body) throws Exception {
    return send("POST", "/api/orders", "application/json", body);
  }

  private HttpResponse<String> get(String orderNo) throws Exception {
    return send("GET", "/api/orders/" + orderNo, null, null);
  }

  /** A request signed as the test app. */
  private HttpResponse<String> send(String method, String path, String type, String body)
      throws Exception {
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    URI uri = URI.create("http://127.0.0.1:" + port + path);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .method(
                method, body == null ? BodyPublishers.noBody() : BodyPublishers.ofByteArray(bytes));
    if (type != null) {
      request.header("Content-Type", type);
    }
    return send(TestApps.sign(request, method, uri, bytes));
  }

  private HttpRequest.Builder request(String path) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path));
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return http.send(request.build(), BodyHandlers.ofString());
  }
}
