package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceIntegrationTest;
import java.io.IOException;
import java.net.CookieManager;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * The console's sign-in over plain HTTP, as a browser makes it: a page asked for without a session
 * leads to the form, the form's post needs its CSRF token, a session's form posts need theirs, and
 * the language follows Accept-Language until {@code ?lang=} picks one.
 */
@PayOnceIntegrationTest
class ConsoleFormLoginIntegrationTests {

  private static final Pattern CSRF =
      Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"|value=\"([^\"]+)\" name=\"_csrf\"");

  @LocalServerPort int port;
  HttpClient browser;
  String base;

  @BeforeEach
  void setUp() {
    browser =
        HttpClient.newBuilder()
            .cookieHandler(new CookieManager())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
    base = "http://127.0.0.1:" + port;
  }

  @Test
  void aBrowserWithoutASessionIsSentToTheForm() throws Exception {
    HttpResponse<String> page = get("/ops/payments", "en");

    assertThat(page.statusCode()).isEqualTo(302);
    assertThat(page.headers().firstValue("Location").orElseThrow()).endsWith("/ops/login");
  }

  @Test
  void signingInNeedsTheFormsCsrfToken() throws Exception {
    HttpResponse<String> withoutToken = post("/ops/login", "username=ops&password=payonce", null);
    String token = token(get("/ops/login", "en").body());
    HttpResponse<String> withToken = post("/ops/login", "username=ops&password=payonce", token);

    assertThat(withoutToken.statusCode()).isEqualTo(403);
    assertThat(withToken.statusCode()).isEqualTo(302);
    assertThat(withToken.headers().firstValue("Location").orElseThrow()).endsWith("/ops");
    assertThat(get("/ops/dashboard", "en").statusCode()).isEqualTo(200);
  }

  @Test
  void aSignedInOperatorsFormPostWithoutTheTokenIsRefused() throws Exception {
    String token = token(get("/ops/login", "en").body());
    post("/ops/login", "username=ops&password=payonce", token);
    String sessionToken = token(get("/ops/alarms", "en").body());

    HttpResponse<String> forged = post("/ops/alarms/987654321/resolve", "resolution=x", null);
    HttpResponse<String> genuine =
        post("/ops/alarms/987654321/resolve", "resolution=x", sessionToken);

    assertThat(forged.statusCode()).isEqualTo(403);
    assertThat(forged.body()).contains("id=\"denied\"");
    // Past the token, the request reaches the controller: there is no such alarm.
    assertThat(genuine.statusCode()).isEqualTo(404);
  }

  @Test
  void thePagesFollowTheBrowsersLanguageUntilOneIsPicked() throws Exception {
    assertThat(get("/ops/login", "zh-CN,zh;q=0.9,en;q=0.5").body()).contains("<h1>登录</h1>");
    assertThat(get("/ops/login", "fr-FR,fr;q=0.9").body()).contains("<h1>Sign in</h1>");

    assertThat(get("/ops/login?lang=en", "zh-CN").body()).contains("<h1>Sign in</h1>");
    assertThat(get("/ops/login", "zh-CN").body())
        .as("the cookie remembers the choice")
        .contains("<h1>Sign in</h1>");
    assertThat(get("/ops/login?lang=xx", "zh-CN").body()).contains("<h1>Sign in</h1>");
  }

  private static String token(String page) {
    Matcher m = CSRF.matcher(page);
    assertThat(m.find()).as("a CSRF field on the page").isTrue();
    return m.group(1) != null ? m.group(1) : m.group(2);
  }

  private HttpResponse<String> get(String path, String language)
      throws IOException, InterruptedException {
    return browser.send(
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Accept", "text/html")
            .header("Accept-Language", language)
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private HttpResponse<String> post(String path, String form, String token)
      throws IOException, InterruptedException {
    String body =
        token == null ? form : form + "&_csrf=" + URLEncoder.encode(token, StandardCharsets.UTF_8);
    return browser.send(
        HttpRequest.newBuilder(URI.create(base + path))
            .header("Accept", "text/html")
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
