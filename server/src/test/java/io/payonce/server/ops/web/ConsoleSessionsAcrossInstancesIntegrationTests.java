package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.boot.web.server.context.WebServerApplicationContext;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * Two instances behind a load balancer that does not stick: an operator signed in on one is signed
 * in on the other, a form of the one is accepted by the other, and signing out on either ends the
 * session on both. The second instance is started once for the class: each test signs in a browser
 * of its own.
 */
@PayOnceIntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class ConsoleSessionsAcrossInstancesIntegrationTests {

  @LocalServerPort int port;
  @Autowired Environment environment;
  @Autowired JdbcClient jdbc;
  @TempDir static Path sandboxData;

  private ConfigurableApplicationContext other;
  private String first;
  private String second;

  @BeforeAll
  void startASecondInstanceOnTheSameDatabase() {
    other =
        new SpringApplicationBuilder(PayOnceApplication.class)
            .profiles("test")
            .run(
                "--server.port=0",
                "--spring.datasource.url=" + environment.getProperty("spring.datasource.url"),
                "--spring.datasource.username="
                    + environment.getProperty("spring.datasource.username", ""),
                "--spring.datasource.password="
                    + environment.getProperty("spring.datasource.password", ""),
                // The first instance migrated the database; the second must not clean it.
                "--spring.flyway.enabled=false",
                "--payonce.sandbox.data-dir=" + sandboxData);
    first = "http://127.0.0.1:" + port;
    second = "http://127.0.0.1:" + ((WebServerApplicationContext) other).getWebServer().getPort();
  }

  @AfterAll
  void stopTheSecondInstance() {
    other.close();
  }

  @Test
  void anOperatorSignedInOnOneInstanceIsSignedInOnTheOther() throws Exception {
    ConsoleBrowser browser = new ConsoleBrowser();

    HttpResponse<String> signedIn = browser.signIn(first, "ops", "payonce");
    HttpResponse<String> dashboardThere = browser.get(second + "/ops/dashboard", "en");

    assertThat(signedIn.statusCode()).isEqualTo(302);
    assertThat(dashboardThere.statusCode()).isEqualTo(200);
    assertThat(dashboardThere.body()).contains("ops");
  }

  @Test
  void aFormFromOneInstanceIsAcceptedByTheOther() throws Exception {
    ConsoleBrowser browser = new ConsoleBrowser();
    browser.signIn(first, "ops", "payonce");
    String token = ConsoleBrowser.token(browser.get(first + "/ops/alarms", "en").body());

    HttpResponse<String> forged =
        browser.post(second + "/ops/alarms/987654321/resolve", "resolution=x", null);
    HttpResponse<String> genuine =
        browser.post(second + "/ops/alarms/987654321/resolve", "resolution=x", token);

    assertThat(forged.statusCode()).isEqualTo(403);
    // Past the token, the request reaches the controller: there is no such alarm.
    assertThat(genuine.statusCode()).isEqualTo(404);
  }

  @Test
  void signingOutOnOneInstanceEndsTheSessionOnBoth() throws Exception {
    ConsoleBrowser browser = new ConsoleBrowser();
    browser.signIn(first, "ops", "payonce");
    String token = ConsoleBrowser.token(browser.get(second + "/ops/alarms", "en").body());

    HttpResponse<String> signedOut = browser.post(second + "/ops/logout", "", token);
    HttpResponse<String> dashboardHere = browser.get(first + "/ops/dashboard", "en");

    assertThat(signedOut.statusCode()).isEqualTo(302);
    assertThat(dashboardHere.statusCode()).isEqualTo(302);
    assertThat(dashboardHere.headers().firstValue("Location").orElseThrow()).endsWith("/ops/login");
  }

  @Test
  void theSessionIsARowThatNamesItsOperatorAndHoldsNoPassword() throws Exception {
    ConsoleBrowser browser = new ConsoleBrowser();
    browser.signIn(first, "ops", "payonce");

    assertThat(
            jdbc.sql("SELECT COUNT(*) FROM CONSOLE_SESSION WHERE principal_name = 'ops'")
                .query(Long.class)
                .single())
        .isPositive();
    assertThat(
            jdbc.sql("SELECT attribute_bytes FROM CONSOLE_SESSION_ATTRIBUTES")
                .query((rs, n) -> new String(rs.getBytes(1), StandardCharsets.ISO_8859_1))
                .list())
        .isNotEmpty()
        // The password ("payonce") and its hash are erased once signed in; class names aside.
        .allSatisfy(
            bytes ->
                assertThat(bytes.replace("io.payonce", ""))
                    .doesNotContain("payonce", "$2a$", "{bcrypt}"));
  }
}
