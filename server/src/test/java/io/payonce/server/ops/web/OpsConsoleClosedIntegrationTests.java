package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.ServerHttp;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;

/** Without a configured password the console is closed to everyone, whatever they send. */
@PayOnceIntegrationTest
@TestPropertySource(properties = "payonce.ops.password=")
class OpsConsoleClosedIntegrationTests {

  @LocalServerPort int port;

  @Test
  void refusesEveryoneWhenNoPasswordIsConfigured() {
    ServerHttp server = new ServerHttp(port);

    HttpResponse<String> anonymous = server.get("/ops/alarms");
    HttpResponse<String> withTheUsualDefault =
        server.get("/ops/alarms", "Authorization", ServerHttp.basic("ops", "payonce"));

    for (HttpResponse<String> response : java.util.List.of(anonymous, withTheUsualDefault)) {
      assertThat(response.statusCode()).isEqualTo(403);
      assertThat(response.headers().firstValue("WWW-Authenticate")).isEmpty();
      assertThat(server.json(response).get("type").asString())
          .isEqualTo("https://payonce.io/problems/forbidden");
    }
    assertThat(server.get("/api/orders/none").statusCode()).isEqualTo(404);
  }
}
