package io.payonce.server.app.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.operator.OperatorAction;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorAction.Outcome;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import tools.jackson.databind.json.JsonMapper;

/**
 * Every change the admin API makes to an app is an operator action, recorded like the console's:
 * who, what, the app before and after — and never a secret, not even the one just made.
 */
@PayOnceIntegrationTest
class AppAdminAuditIntegrationTests {

  private static final String OPS =
      "Basic " + Base64.getEncoder().encodeToString("ops:payonce".getBytes(StandardCharsets.UTF_8));

  @LocalServerPort int port;
  @Autowired OperatorActions actions;
  private final HttpClient http = HttpClient.newHttpClient();
  private final JsonMapper json = JsonMapper.builder().build();

  @Test
  void theAdminApisChangesAreRecordedAsTheOperatorsActionsWithoutSecrets() throws Exception {
    HttpResponse<String> created = send("POST", "/ops/api/apps", "{\"name\":\"audited shop\"}");
    assertThat(created.statusCode()).isEqualTo(201);
    String appId = json.readTree(created.body()).path("appId").asString();
    String secret = json.readTree(created.body()).path("secret").asString();
    HttpResponse<String> rotated = send("POST", "/ops/api/apps/" + appId + "/secrets", "");
    String newSecret = json.readTree(rotated.body()).path("secret").asString();
    send(
        "PUT",
        "/ops/api/apps/" + appId + "/webhook",
        "{\"url\":\"https://shop.example/hooks\",\"secret\":\"whsec-audited-0123456789\"}");
    send("PUT", "/ops/api/apps/" + appId + "/channels/alipay", "{\"appId\":\"2097000000424242\"}");
    send("POST", "/ops/api/apps/" + appId + "/disable", "");
    HttpResponse<String> refused =
        send(
            "PUT",
            "/ops/api/apps/" + appId + "/channels/alipay",
            "{\"appId\":\"2097000000434343\",\"privateKey\":\"not a key\"}");

    assertThat(refused.statusCode()).isEqualTo(400);
    List<OperatorAction> recorded =
        actions.recent(50).stream()
            .filter(a -> a.target().equals("app " + appId) || a.after().contains(appId))
            .toList();
    assertThat(recorded)
        .extracting(OperatorAction::action)
        .contains(
            Kind.CREATE_APP,
            Kind.ROTATE_APP_SECRET,
            Kind.SET_APP_WEBHOOK,
            Kind.PUT_CHANNEL_CONFIG,
            Kind.DISABLE_APP);
    assertThat(recorded).allSatisfy(a -> assertThat(a.operator()).isEqualTo("ops"));
    assertThat(recorded)
        .filteredOn(a -> a.action() == Kind.PUT_CHANNEL_CONFIG)
        .extracting(OperatorAction::outcome)
        .containsExactlyInAnyOrder(Outcome.DONE, Outcome.FAILED);
    assertThat(recorded)
        .allSatisfy(
            a ->
                assertThat(a.before() + " " + a.after())
                    .doesNotContain(secret, newSecret, "whsec-audited-0123456789"));
  }

  private HttpResponse<String> send(String method, String path, String body) throws Exception {
    return http.send(
        HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
            .header("Authorization", OPS)
            .header("Content-Type", "application/json")
            .method(method, HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
