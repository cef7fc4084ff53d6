package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.util.List;
import java.util.Map;
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
    PayOnceHttp server = new PayOnceHttp(port);
    String alarms = server.serverBase() + "/ops/alarms";

    Answer anonymous = server.get(alarms, Map.of());
    Answer withTheUsualDefault = server.get(alarms, OpsCredential.operator());

    for (Answer answer : List.of(anonymous, withTheUsualDefault)) {
      assertThat(answer.status()).isEqualTo(403);
      assertThat(answer.header("WWW-Authenticate")).isNull();
      assertThat(answer.text("type")).isEqualTo("https://payonce.io/problems/forbidden");
    }
    assertThat(server.get(server.serverBase() + "/api/orders/none").status()).isEqualTo(404);
  }
}
