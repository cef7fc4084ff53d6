package io.payonce.server.operator;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorAction.Outcome;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The console's operators as stored, and the record of what they do: passwords hashed with bcrypt,
 * roles that decide what the security chain lets through, disabled operators refused, every change
 * recorded — before it runs and after, refusals too.
 */
@PayOnceIntegrationTest
abstract class OperatorStoreIntegrationTests {

  private static final String PASSWORD = "a-long-enough-secret";

  @LocalServerPort int port;
  @Autowired Operators operators;
  @Autowired OperatorActions actions;

  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void anOperatorIsStoredWithABcryptHashAndSignsInWithItsRole() {
    String name = unique("viewer");

    Operator created = operators.create("ops", name, PASSWORD, OperatorRole.VIEWER);

    assertThat(created.passwordHash()).startsWith("{bcrypt}").doesNotContain(PASSWORD);
    assertThat(created.enabled()).isTrue();
    assertThat(get("/ops/alarms", name, PASSWORD).status()).isEqualTo(200);
    assertThat(get("/ops/alarms", name, "wrong-password-here").status()).isEqualTo(401);
    // Reading is a viewer's; starting a reconciliation is not.
    assertThat(startReconciliation(name).status()).isEqualTo(403);
  }

  @Test
  void anOperatorsActionThroughTheApiIsRecordedWithItsOutcome() {
    String name = unique("operator");
    operators.create("ops", name, PASSWORD, OperatorRole.OPERATOR);

    Answer started = startReconciliation(name);

    assertThat(started.status()).isEqualTo(202);
    assertThat(recentOf(name))
        .singleElement()
        .satisfies(
            action -> {
              assertThat(action.action()).isEqualTo(Kind.START_RECONCILIATION);
              assertThat(action.target()).isEqualTo("reconciliation ALIPAY 2020-01-01");
              assertThat(action.outcome()).isEqualTo(Outcome.DONE);
              assertThat(action.after()).startsWith("run " + started.text("id"));
              assertThat(action.finishedAt()).isNotNull();
            });
  }

  @Test
  void aDisabledOperatorIsRefusedUntilEnabledAndBothChangesAreRecorded() {
    String name = unique("leaver");
    operators.create("ops", name, PASSWORD, OperatorRole.OPERATOR);

    operators.setEnabled("boss", name, false);
    int whileDisabled = get("/ops/alarms", name, PASSWORD).status();
    operators.setEnabled("boss", name, true);

    assertThat(whileDisabled).isEqualTo(401);
    assertThat(get("/ops/alarms", name, PASSWORD).status()).isEqualTo(200);
    assertThat(recentOf("boss"))
        .extracting(OperatorAction::action, OperatorAction::before, OperatorAction::after)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(Kind.ENABLE_OPERATOR, "disabled", "enabled"),
            org.assertj.core.groups.Tuple.tuple(Kind.DISABLE_OPERATOR, "enabled", "disabled"));
  }

  @Test
  void aRoleChangeIsRecordedWithTheRoleBeforeAndAfter() {
    String name = unique("promoted");
    String admin = unique("admin");
    operators.create(admin, name, PASSWORD, OperatorRole.VIEWER);

    Operator changed = operators.changeRole(admin, name, OperatorRole.ADMIN);

    assertThat(changed.role()).isEqualTo(OperatorRole.ADMIN);
    assertThat(get("/ops/operators", name, PASSWORD).status()).isEqualTo(200);
    assertThat(recentOf(admin).get(0))
        .extracting(OperatorAction::action, OperatorAction::before, OperatorAction::after)
        .containsExactly(Kind.CHANGE_ROLE, "role=VIEWER", "role=ADMIN");
  }

  @Test
  void aTakenNameIsRefusedAndTheRefusalIsRecorded() {
    String name = unique("twin");
    String admin = unique("admin");
    operators.create(admin, name, PASSWORD, OperatorRole.VIEWER);

    assertThatThrownBy(() -> operators.create(admin, name, PASSWORD, OperatorRole.ADMIN))
        .isInstanceOf(OperatorConflictException.class);

    assertThat(recentOf(admin).get(0))
        .extracting(OperatorAction::outcome, OperatorAction::after)
        .containsExactly(Outcome.FAILED, "refused: operator-conflict");
    assertThat(operators.find(name).orElseThrow().role()).isEqualTo(OperatorRole.VIEWER);
  }

  @Test
  void aShortPasswordOrABadNameIsRefusedBeforeAnythingIsStored() {
    assertThatThrownBy(() -> operators.create("ops", unique("short"), "short", OperatorRole.VIEWER))
        .isInstanceOf(InvalidOperatorException.class);
    assertThatThrownBy(() -> operators.create("ops", "no spaces", PASSWORD, OperatorRole.VIEWER))
        .isInstanceOf(InvalidOperatorException.class);
    assertThat(operators.find("no spaces")).isEmpty();
  }

  @Test
  void anActionIsRecordedBeforeItRunsAndCompletedAfter() {
    String operator = unique("op");
    String payment = unique("P");
    var request =
        new OperatorActions.Request(operator, Kind.CLOSE_ORDER, "order x", payment, "order PAYING");

    List<OperatorAction> seenWhileRunning =
        actions.run(request, () -> actions.ofPayment(payment), seen -> "order CLOSED");

    assertThat(seenWhileRunning)
        .singleElement()
        .satisfies(
            action -> {
              assertThat(action.outcome()).isEqualTo(Outcome.STARTED);
              assertThat(action.finishedAt()).isNull();
            });
    assertThat(actions.ofPayment(payment))
        .singleElement()
        .satisfies(
            action -> {
              assertThat(action.operator()).isEqualTo(operator);
              assertThat(action.before()).isEqualTo("order PAYING");
              assertThat(action.after()).isEqualTo("order CLOSED");
              assertThat(action.outcome()).isEqualTo(Outcome.DONE);
              assertThat(action.finishedAt()).isAfterOrEqualTo(action.startedAt());
            });
  }

  @Test
  void aRefusedActionIsRecordedAsFailedAndItsExceptionRethrown() {
    String payment = unique("P");
    var request =
        new OperatorActions.Request(unique("op"), Kind.REFUND, "order y", payment, "order PAID");

    assertThatThrownBy(
            () ->
                actions.run(
                    request,
                    () -> {
                      throw new IllegalStateException("channel said no");
                    },
                    nothing -> "never"))
        .isInstanceOf(IllegalStateException.class);

    assertThat(actions.ofPayment(payment))
        .singleElement()
        .extracting(OperatorAction::outcome, OperatorAction::after)
        .containsExactly(Outcome.FAILED, "refused: illegal-state");
  }

  @Test
  void anActionThatAnswersARefusalIsRecordedAsFailedWithIt() {
    String payment = unique("P");
    var request =
        new OperatorActions.Request(unique("op"), Kind.REFUND, "order z", payment, "order PAID");

    String answer =
        actions.run(
            request,
            () -> "FAIL",
            status -> "refund " + status,
            status -> status.equals("FAIL") ? "the channel: ACQ.SELLER_BALANCE_NOT_ENOUGH" : null);

    assertThat(answer).isEqualTo("FAIL");
    assertThat(actions.ofPayment(payment))
        .singleElement()
        .extracting(OperatorAction::outcome, OperatorAction::after)
        .containsExactly(
            Outcome.FAILED, "refused: the channel: ACQ.SELLER_BALANCE_NOT_ENOUGH · refund FAIL");
  }

  private List<OperatorAction> recentOf(String operator) {
    return actions.recent(200).stream().filter(a -> a.operator().equals(operator)).toList();
  }

  private Answer startReconciliation(String name) {
    return http.postRaw(
        "/ops/reconciliations",
        Map.of(
            "Authorization", basic(name, PASSWORD),
            "Content-Type", "application/json",
            "Accept", "application/json"),
        "{\"channel\":\"ALIPAY\",\"billDate\":\"2020-01-01\"}");
  }

  private Answer get(String path, String user, String password) {
    return http.get(
        http.serverBase() + path,
        Map.of("Authorization", basic(user, password), "Accept", "application/json"));
  }

  private static String basic(String user, String password) {
    return "Basic "
        + Base64.getEncoder()
            .encodeToString((user + ":" + password).getBytes(StandardCharsets.UTF_8));
  }

  private static String unique(String prefix) {
    return prefix + System.nanoTime();
  }
}
