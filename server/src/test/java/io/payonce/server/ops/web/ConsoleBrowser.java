package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

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

/**
 * The console over plain HTTP, as a browser uses it: one cookie jar (cookies go to every port of
 * the host, as a browser's do), pages asked for as HTML, redirects not followed, form posts with or
 * without the page's CSRF token.
 */
final class ConsoleBrowser {

  private static final Pattern CSRF =
      Pattern.compile("name=\"_csrf\" value=\"([^\"]+)\"|value=\"([^\"]+)\" name=\"_csrf\"");

  private final HttpClient http =
      HttpClient.newBuilder()
          .cookieHandler(new CookieManager())
          .followRedirects(HttpClient.Redirect.NEVER)
          .build();

  /** Signs in through the login form of the server at {@code base}. */
  HttpResponse<String> signIn(String base, String username, String password) throws Exception {
    String token = token(get(base + "/ops/login", "en").body());
    return post(base + "/ops/login", "username=" + username + "&password=" + password, token);
  }

  HttpResponse<String> get(String url, String language) throws IOException, InterruptedException {
    return http.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Accept", "text/html")
            .header("Accept-Language", language)
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> post(String url, String form, String token)
      throws IOException, InterruptedException {
    String body =
        token == null ? form : form + "&_csrf=" + URLEncoder.encode(token, StandardCharsets.UTF_8);
    return http.send(
        HttpRequest.newBuilder(URI.create(url))
            .header("Accept", "text/html")
            .header("Content-Type", "application/x-www-form-urlencoded")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  /** The CSRF token of a page's form. */
  static String token(String page) {
    Matcher m = CSRF.matcher(page);
    assertThat(m.find()).as("a CSRF field on the page").isTrue();
    return m.group(1) != null ? m.group(1) : m.group(2);
  }
}
