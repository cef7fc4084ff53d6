package io.payonce.server.reconcile.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.EachClockStart;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/** The ops API's contract: 202 + Location, progress, anomalies, resolution, problems, the page. */
@PayOnceIntegrationTest
@EachClockStart
class ReconciliationApiIntegrationTests {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String PROBLEMS = "https://payonce.io/problems/";
  private static final java.util.concurrent.atomic.AtomicInteger BILL_DAYS =
      new java.util.concurrent.atomic.AtomicInteger();

  @LocalServerPort int port;
  @Autowired java.time.Clock clock;
  @Autowired io.payonce.server.reconcile.ReconcileProperties properties;
  @Autowired io.payonce.server.operator.OperatorActions actions;
  private final HttpClient http = HttpClient.newHttpClient();

  @Test
  void startsARunAndResolvesItsAnomaliesOnceEach() throws Exception {
    // The server registers its Alipay app with the sandbox at its first Alipay call: make one, so
    // that the bill is generated for that app whichever test ran first in this context.
    io.payonce.server.testing.PayOnceHttp payonce = new io.payonce.server.testing.PayOnceHttp(port);
    payonce.precreate(payonce.createOrder("1.00"));
    // A day no earlier run of this JVM reconciled (the class runs once per clock start).
    LocalDate billDate = LocalDate.of(2020, 3, 1).plusDays(BILL_DAYS.getAndIncrement());
    send(
        "POST",
        "/sandbox/alipay/bills/generate",
        "{\"appId\":\"2021000000000001\",\"billDate\":\"" + billDate + "\",\"rows\":2,\"seed\":1}",
        "application/json");

    HttpResponse<String> started =
        send(
            "POST",
            "/ops/reconciliations",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"" + billDate + "\"}",
            "application/json");

    assertThat(started.statusCode()).isEqualTo(202);
    String location = started.headers().firstValue("Location").orElseThrow();
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> json(send("GET", location, null, "application/json")).path("status").asString(),
            "COMPLETED"::equals);
    JsonNode run = json(send("GET", location, null, "application/json"));
    assertThat(run.path("rowsTotal").asLong()).isEqualTo(2);
    assertThat(run.path("rowsProcessed").asLong()).isEqualTo(2);
    assertThat(run.path("counts").path("UNKNOWN_TRADE").asLong()).isEqualTo(2);
    JsonNode anomalies =
        json(send("GET", location + "/anomalies?resolved=false", null, "application/json"));
    assertThat(anomalies).hasSize(2);
    String resolve = location + "/anomalies/" + anomalies.get(0).path("id").asLong() + "/resolve";

    HttpResponse<String> resolved =
        send(
            "POST",
            resolve,
            "{\"comment\":\"not ours: another merchant's app\"}",
            "application/json");
    HttpResponse<String> again =
        send("POST", resolve, "{\"comment\":\"twice\"}", "application/json");
    HttpResponse<String> blank = send("POST", resolve, "{\"comment\":\"  \"}", "application/json");

    assertThat(resolved.statusCode()).isEqualTo(200);
    assertThat(json(resolved).path("resolved").asBoolean()).isTrue();
    assertThat(json(resolved).path("resolution").asString())
        .isEqualTo("not ours: another merchant's app");
    assertProblem(again, 409, "anomaly-resolved");
    assertProblem(blank, 400, "validation");
    assertThat(json(send("GET", location + "/anomalies?resolved=false", null, "application/json")))
        .hasSize(1);
    // The operator's start and resolutions are recorded, the refused second one as failed.
    String anomaly =
        "anomaly " + run.path("id").asLong() + "/" + anomalies.get(0).path("id").asLong();
    assertThat(actions.recent(500))
        .filteredOn(action -> action.target().equals(anomaly))
        .extracting(a -> a.operator() + " " + a.outcome() + " " + a.before() + " → " + a.after())
        .containsExactly(
            "ops FAILED UNKNOWN_TRADE resolved → refused: anomaly-already-resolved",
            "ops DONE UNKNOWN_TRADE open → resolved: not ours: another merchant's app");
    assertThat(actions.recent(500))
        .filteredOn(action -> action.target().equals("reconciliation ALIPAY " + billDate))
        .isNotEmpty()
        .allSatisfy(action -> assertThat(action.operator()).isEqualTo("ops"));
  }

  @Test
  void refusesAnUnknownChannelAFutureDayAndABodyThatIsNotJson() throws Exception {
    LocalDate tomorrow = LocalDate.now(clock.withZone(properties.zone())).plusDays(1);
    // Other classes share the database and move the clock: tomorrow may have been reconciled
    // already, by a run of theirs. The refusals must add no run, whatever is there.
    String runsBefore =
        json(send("GET", "/ops/reconciliations", null, "application/json")).toString();

    HttpResponse<String> channel =
        send(
            "POST",
            "/ops/reconciliations",
            "{\"channel\":\"PAYPAL\",\"billDate\":\"2020-01-01\"}",
            "application/json");
    HttpResponse<String> future =
        send(
            "POST",
            "/ops/reconciliations",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"" + tomorrow + "\"}",
            "application/json");
    HttpResponse<String> notADate =
        send(
            "POST",
            "/ops/reconciliations",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"28.11.2026\"}",
            "application/json");
    HttpResponse<String> notJson = send("POST", "/ops/reconciliations", "{", "application/json");

    assertProblem(channel, 400, "validation");
    assertThat(json(channel).path("errors").get(0).path("field").asString()).isEqualTo("channel");
    assertProblem(future, 400, "validation");
    assertProblem(notADate, 400, "validation");
    assertProblem(notJson, 400, "malformed-request");
    assertThat(json(send("GET", "/ops/reconciliations", null, "application/json")).toString())
        .doesNotContain("PAYPAL")
        .isEqualTo(runsBefore);
  }

  @Test
  void refusesADayBeforeAnyBillUpFrontInsteadOfAFailingRun() throws Exception {
    for (String day : new String[] {"-999999999-01-01", "0000-01-01", "1969-12-31"}) {
      HttpResponse<String> refused =
          send(
              "POST",
              "/ops/reconciliations",
              "{\"channel\":\"ALIPAY\",\"billDate\":\"" + day + "\"}",
              "application/json");

      assertProblem(refused, 400, "validation");
      assertThat(json(refused).path("errors").get(0).path("field").asString())
          .isEqualTo("billDate");
    }
    HttpResponse<String> farFuture =
        send(
            "POST",
            "/ops/reconciliations",
            "{\"channel\":\"ALIPAY\",\"billDate\":\"+999999999-12-31\"}",
            "application/json");
    assertProblem(farFuture, 400, "validation");
    assertThat(json(send("GET", "/ops/reconciliations", null, "application/json")).toString())
        .doesNotContain("999999999")
        .doesNotContain("1969-12-31");
  }

  @Test
  void answersNotFoundForRunsAndAnomaliesThatDoNotExist() throws Exception {
    assertProblem(
        send("GET", "/ops/reconciliations/987654321", null, "application/json"), 404, "not-found");
    assertProblem(
        send("GET", "/ops/reconciliations/abc", null, "application/json"), 404, "not-found");
    assertProblem(
        send("GET", "/ops/reconciliations/987654321/anomalies", null, "application/json"),
        404,
        "not-found");
    assertProblem(
        send("GET", "/ops/reconciliations/1/anomalies?resolved=maybe", null, "application/json"),
        400,
        "validation");
  }

  @Test
  void servesThePageAsPlainHtmlWithNothingFromElsewhere() throws Exception {
    HttpResponse<String> page = send("GET", "/ops/reconciliations", null, "text/html");

    assertThat(page.statusCode()).isEqualTo(200);
    assertThat(page.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/html");
    assertThat(page.body())
        .contains("<title>Reconciliations · PayOnce operations</title>")
        .doesNotContain("src=\"http");
  }

  private void assertProblem(HttpResponse<String> response, int status, String type) {
    assertThat(response.statusCode()).isEqualTo(status);
    assertThat(response.headers().firstValue("Content-Type").orElseThrow())
        .startsWith("application/problem+json");
    assertThat(json(response).path("type").asString()).isEqualTo(PROBLEMS + type);
    assertThat(response.body()).doesNotContain("Exception").doesNotContain("at io.payonce");
  }

  private HttpResponse<String> send(String method, String path, String body, String accept)
      throws IOException, InterruptedException {
    HttpRequest.Builder request =
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Accept", accept)
            // The operator's credential of application-test.yml (ops / payonce).
            .header("Authorization", "Basic b3BzOnBheW9uY2U=");
    if (body != null) {
      request.header("Content-Type", "application/json");
    }
    request.method(
        method,
        body == null
            ? HttpRequest.BodyPublishers.noBody()
            : HttpRequest.BodyPublishers.ofString(body));
    return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static JsonNode json(HttpResponse<String> response) {
    return JSON.readTree(response.body());
  }
}
