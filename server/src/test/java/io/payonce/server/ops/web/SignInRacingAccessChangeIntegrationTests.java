package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.operator.OperatorRole;
import io.payonce.server.operator.Operators;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.http.HttpResponse;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.context.annotation.Import;
import org.springframework.context.event.EventListener;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.security.authentication.event.AuthenticationSuccessEvent;

/**
 * A sign-in whose password was checked while the operator could still sign in, and whose session is
 * stored only after an admin disabled (or demoted) them and their sessions were ended, keeps
 * nothing: the session it made grants no request. The race is pinned, not timed: a listener holds
 * the sign-in between its authentication and its session while the test changes the operator. Run
 * on each database through the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
@Import(SignInRacingAccessChangeIntegrationTests.SignInGate.class)
abstract class SignInRacingAccessChangeIntegrationTests {

  private static final String PASSWORD = "a-long-password-1";

  @LocalServerPort int port;
  @Autowired Operators operators;
  @Autowired SignInGate gate;
  @Autowired JdbcClient jdbc;
  String base;
  String username;

  @BeforeEach
  void createAnOperator() {
    base = "http://127.0.0.1:" + port;
    username = "race-" + UUID.randomUUID().toString().substring(0, 8);
    operators.create("ops", username, PASSWORD, OperatorRole.OPERATOR);
  }

  @AfterEach
  void openTheGate() {
    gate.clear();
  }

  @Test
  void aSignInAuthenticatedJustBeforeItsOperatorWasDisabledKeepsNoSession() throws Exception {
    ConsoleBrowser browser = new ConsoleBrowser();

    HttpResponse<String> signedIn =
        signInWhile(browser, () -> operators.setEnabled("ops", username, false));

    // The sign-in went through and stored its session after the disabling had ended the others.
    assertThat(signedIn.headers().firstValue("Location"))
        .hasValueSatisfying(l -> assertThat(l).endsWith("/ops"));
    assertThat(sessionRows()).isPositive();
    HttpResponse<String> after = browser.get(base + "/ops/dashboard", "en");
    assertThat(after.statusCode()).isEqualTo(302);
    assertThat(after.headers().firstValue("Location").orElseThrow()).endsWith("/ops/login");
    assertThat(sessionRows()).isZero();
  }

  @Test
  void aSignInAuthenticatedJustBeforeItsOperatorWasDemotedCannotActWithTheOldRole()
      throws Exception {
    ConsoleBrowser browser = new ConsoleBrowser();

    signInWhile(browser, () -> operators.changeRole("ops", username, OperatorRole.VIEWER));

    assertThat(sessionRows()).isPositive();
    HttpResponse<String> after = browser.get(base + "/ops/alarms", "en");
    assertThat(after.statusCode()).isEqualTo(302);
    assertThat(after.headers().firstValue("Location").orElseThrow()).endsWith("/ops/login");
    assertThat(sessionRows()).isZero();
    // Signed in again, they are what they now are.
    browser.signIn(base, username, PASSWORD);
    String token = ConsoleBrowser.token(browser.get(base + "/ops/alarms", "en").body());
    assertThat(browser.post(base + "/ops/alarms/987654321/resolve", "resolution=x", token))
        .satisfies(refused -> assertThat(refused.statusCode()).isEqualTo(403));
  }

  /**
   * Signs in on another thread, and runs {@code change} once the password has been checked (the
   * operator read as it was) and before the session is stored.
   */
  private HttpResponse<String> signInWhile(ConsoleBrowser browser, Runnable change)
      throws Exception {
    SignInGate.Held held = gate.hold(username);
    CompletableFuture<HttpResponse<String>> signIn =
        CompletableFuture.supplyAsync(
            () -> {
              try {
                return browser.signIn(base, username, PASSWORD);
              } catch (Exception e) {
                throw new IllegalStateException(e);
              }
            });
    assertThat(held.authenticated().await(30, TimeUnit.SECONDS))
        .as("the sign-in reached its authentication")
        .isTrue();
    change.run();
    held.release().countDown();
    return signIn.get(30, TimeUnit.SECONDS);
  }

  private long sessionRows() {
    return jdbc.sql("SELECT COUNT(*) FROM CONSOLE_SESSION WHERE principal_name = :name")
        .param("name", username)
        .query(Long.class)
        .single();
  }

  /** Holds one operator's sign-in right after its authentication succeeded, until released. */
  static class SignInGate {

    /** One hold: counted down when the sign-in authenticated, and by the test to let it go on. */
    record Held(String username, CountDownLatch authenticated, CountDownLatch release) {}

    private final AtomicReference<Held> held = new AtomicReference<>();

    Held hold(String username) {
      Held next = new Held(username, new CountDownLatch(1), new CountDownLatch(1));
      held.set(next);
      return next;
    }

    void clear() {
      Held last = held.getAndSet(null);
      if (last != null) {
        last.release().countDown();
      }
    }

    @EventListener
    void on(AuthenticationSuccessEvent event) throws InterruptedException {
      Held current = held.get();
      if (current == null || !current.username().equals(event.getAuthentication().getName())) {
        return;
      }
      current.authenticated().countDown();
      current.release().await(30, TimeUnit.SECONDS);
    }
  }
}
