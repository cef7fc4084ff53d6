package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * A query parameter or path variable of the wrong type on the console's routes — a word for a
 * number, a number past the type's range, an enum's unknown name, a boolean that is neither — is
 * the operator's mistake: a 400 validation problem naming the parameter (a path id that is no
 * number names nothing: 404), never a 500.
 */
@PayOnceIntegrationTest
class ConsoleWrongTypedParametersIntegrationTests {

  private static final String VALIDATION = "https://payonce.io/problems/validation";

  @LocalServerPort int port;
  RawHttp raw;
  List<String> operator;

  @BeforeEach
  void setUp() {
    raw = new RawHttp(port);
    Map.Entry<String, String> basic = OpsCredential.operator().entrySet().iterator().next();
    operator =
        List.of(
            basic.getKey() + ": " + basic.getValue(),
            "Accept: application/json",
            "Content-Type: application/json");
  }

  @ParameterizedTest(name = "{0} {1}")
  @CsvSource({
    "GET, /ops/webhooks?state=BOGUS, state",
    "GET, /ops/alarms?limit=abc, limit",
    "GET, /ops/alarms?limit=99999999999, limit",
    "POST, /ops/apps/test-app/enabled?enabled=maybe, enabled",
    "POST, /ops/operators?username=abc&password=0123456789a&role=GOD, role",
    "POST, /ops/operators/x/role?role=GOD, role",
    "POST, /ops/operators/x/enabled?enabled=perhaps, enabled",
    "GET, /ops/webhooks/deliveries?limit=abc, limit",
    "GET, /ops/reconciliations?limit=1e3, limit",
    "GET, /ops/reconciliations/1/anomalies?after=x, after"
  })
  void aParameterOfTheWrongTypeIsAValidationProblemNamingIt(
      String method, String target, String parameter) {
    RawHttp.Answer answer = raw.send(method, target, operator, method.equals("GET") ? null : "");

    assertThat(answer.status()).as(answer.body()).isEqualTo(400);
    assertThat(answer.isProblem()).isTrue();
    assertThat(answer.body()).contains(VALIDATION, "\"field\":\"" + parameter + "\"");
  }

  @ParameterizedTest
  @CsvSource({
    "POST, /ops/alarms/abc/resolve?resolution=done",
    "POST, /ops/alarms/99999999999999999999/resolve?resolution=done",
    "POST, /ops/webhooks/abc/resend",
    "POST, /ops/webhooks/1.5/resend",
    "GET, /ops/webhooks/deliveries/abc",
    "POST, /ops/webhooks/deliveries/99999999999999999999/resend",
    "GET, /ops/reconciliations/abc",
    "POST, /ops/reconciliations/1/anomalies/abc/resolve"
  })
  void aPathIdThatIsNoNumberNamesNothing(String method, String target) {
    RawHttp.Answer answer = raw.send(method, target, operator, method.equals("GET") ? null : "");

    assertThat(answer.status()).as(answer.body()).isEqualTo(404);
    assertThat(answer.isProblem()).isTrue();
  }

  @Test
  void aMissingParameterIsAValidationProblemNamingIt() {
    RawHttp.Answer answer = raw.send("POST", "/ops/operators/x/role", operator, "");

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.body()).contains(VALIDATION, "\"field\":\"role\"", "is required");
  }
}
