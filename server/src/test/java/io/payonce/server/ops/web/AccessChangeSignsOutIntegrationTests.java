package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.operator.OperatorRole;
import io.payonce.server.operator.Operators;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.http.HttpResponse;
import java.util.UUID;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A signed-in operator does not keep what an admin took away: disabled, they are signed out at
 * once; given a narrower role, they are signed out and sign in again as what they now are. An
 * operator whose access did not change keeps their session.
 */
@PayOnceIntegrationTest
class AccessChangeSignsOutIntegrationTests {

  private static final String PASSWORD = "a-long-password-1";

  @LocalServerPort int port;
  @Autowired Operators operators;
  String base;
  String username;

  @BeforeEach
  void createAnOperator() {
    base = "http://127.0.0.1:" + port;
    username = "op-" + UUID.randomUUID().toString().substring(0, 8);
    operators.create("ops", username, PASSWORD, OperatorRole.OPERATOR);
  }

  @Test
  void aDisabledOperatorIsSignedOutAtOnce() throws Exception {
    ConsoleBrowser operator = new ConsoleBrowser();
    operator.signIn(base, username, PASSWORD);
    assertThat(operator.get(base + "/ops/dashboard", "en").statusCode()).isEqualTo(200);

    operators.setEnabled("ops", username, false);
    HttpResponse<String> after = operator.get(base + "/ops/dashboard", "en");

    assertThat(after.statusCode()).isEqualTo(302);
    assertThat(after.headers().firstValue("Location").orElseThrow()).endsWith("/ops/login");
    assertThat(operator.signIn(base, username, PASSWORD).headers().firstValue("Location"))
        .hasValueSatisfying(location -> assertThat(location).endsWith("/ops/login?error"));
  }

  @Test
  void aDemotedOperatorCanNoLongerActWithTheOldRole() throws Exception {
    ConsoleBrowser operator = new ConsoleBrowser();
    operator.signIn(base, username, PASSWORD);
    String token = ConsoleBrowser.token(operator.get(base + "/ops/alarms", "en").body());

    operators.changeRole("ops", username, OperatorRole.VIEWER);
    HttpResponse<String> withOldSession =
        operator.post(base + "/ops/alarms/987654321/resolve", "resolution=x", token);
    operator.signIn(base, username, PASSWORD);
    String viewerToken = ConsoleBrowser.token(operator.get(base + "/ops/alarms", "en").body());
    HttpResponse<String> asViewer =
        operator.post(base + "/ops/alarms/987654321/resolve", "resolution=x", viewerToken);

    // Without the sign-out the old session's OPERATOR role would reach the controller (404).
    assertThat(withOldSession.statusCode()).isIn(302, 403);
    assertThat(asViewer.statusCode()).isEqualTo(403);
    assertThat(asViewer.body()).contains("id=\"denied\"");
  }

  @Test
  void anotherOperatorsChangeLeavesThisSessionAlone() throws Exception {
    ConsoleBrowser operator = new ConsoleBrowser();
    operator.signIn(base, username, PASSWORD);
    String other = "op-" + UUID.randomUUID().toString().substring(0, 8);
    operators.create("ops", other, PASSWORD, OperatorRole.OPERATOR);

    operators.setEnabled("ops", other, false);

    assertThat(operator.get(base + "/ops/dashboard", "en").statusCode()).isEqualTo(200);
  }
}
