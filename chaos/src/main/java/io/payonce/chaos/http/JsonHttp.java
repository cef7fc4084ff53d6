package io.payonce.chaos.http;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executors;
import tools.jackson.databind.json.JsonMapper;

/** JSON requests with the JDK client; never throws on I/O, answers {@link Reply} with -1. */
public final class JsonHttp {

  static final JsonMapper JSON = JsonMapper.builder().build();
  private static final String HTML = "text/html,application/xhtml+xml";
  private static final List<String> KEPT_HEADERS =
      List.of("idempotent-replayed", "retry-after", "content-type", "x-total-count", "location");

  private final HttpClient client;
  private final Duration timeout;

  public JsonHttp(Duration timeout) {
    this.timeout = timeout;
    this.client =
        HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(3))
            .executor(Executors.newCachedThreadPool(daemon("http-client")))
            .build();
  }

  public static JsonMapper json() {
    return JSON;
  }

  public static String write(Object value) {
    return JSON.writeValueAsString(value);
  }

  public Reply get(String url) {
    return send("GET", url, null, Map.of());
  }

  public Reply post(String url, Object body, Map<String, String> headers) {
    return send("POST", url, body, headers);
  }

  public Reply put(String url, Object body) {
    return send("PUT", url, body, Map.of());
  }

  public Reply delete(String url) {
    return send("DELETE", url, null, Map.of());
  }

  public Reply send(String method, String url, Object body, Map<String, String> headers) {
    String json = body == null ? null : body instanceof String s ? s : write(body);
    return exchange(method, url, json, "application/json", headers);
  }

  /** A browser's GET of a page ({@code Accept: text/html}); redirects are not followed. */
  public Reply page(String url) {
    return exchange("GET", url, null, null, Map.of("Accept", HTML));
  }

  /** A POST of an HTML form's fields ({@code application/x-www-form-urlencoded}), as a browser. */
  public Reply form(String url, Map<String, String> fields) {
    StringBuilder encoded = new StringBuilder();
    fields.forEach(
        (name, value) ->
            encoded
                .append(encoded.isEmpty() ? "" : "&")
                .append(URLEncoder.encode(name, StandardCharsets.UTF_8))
                .append('=')
                .append(URLEncoder.encode(value, StandardCharsets.UTF_8)));
    return exchange("POST", url, encoded.toString(), "application/x-www-form-urlencoded", Map.of());
  }

  private Reply exchange(
      String method, String url, String body, String contentType, Map<String, String> headers) {
    byte[] bytes = body == null ? new byte[0] : body.getBytes(StandardCharsets.UTF_8);
    URI uri = URI.create(url);
    HttpRequest.Builder request =
        HttpRequest.newBuilder(uri)
            .timeout(timeout)
            .method(
                method,
                body == null
                    ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(bytes));
    if (ApiSigner.isApi(uri.getRawPath())) {
      ApiSigner.headers(method, uri, bytes).forEach(request::header);
    }
    if (body != null) {
      request.header("Content-Type", contentType);
    }
    if (headers.keySet().stream().noneMatch("Accept"::equalsIgnoreCase)) {
      request.header("Accept", "application/json");
    }
    headers.forEach(request::header);
    try {
      HttpResponse<String> response =
          client.send(request.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
      Map<String, String> kept = new LinkedHashMap<>();
      response
          .headers()
          .map()
          .forEach(
              (name, values) -> {
                String lower = name.toLowerCase(Locale.ROOT);
                if (KEPT_HEADERS.contains(lower) && !values.isEmpty()) {
                  kept.put(lower, values.get(0));
                }
              });
      return new Reply(response.statusCode(), response.body(), kept, null);
    } catch (IOException e) {
      return Reply.failed(e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Reply.failed(e);
    }
  }

  static java.util.concurrent.ThreadFactory daemon(String name) {
    return runnable -> {
      Thread thread = new Thread(runnable, name);
      thread.setDaemon(true);
      return thread;
    };
  }
}
