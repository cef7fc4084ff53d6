package io.payonce.server.channel;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Enrolls an account with a channel sandbox over HTTP — reads the sandbox's platform key, then
 * registers the merchant's — so that the server's code never links to the sandbox's, which
 * production leaves out. Used only where a channel's settings name a sandbox.
 */
public final class SandboxEnrollment {

  private static final JsonMapper json = JsonMapper.builder().build();

  private final String base;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

  /**
   * @param sandboxUrl the sandbox's base URL, placeholders resolved
   */
  public SandboxEnrollment(String sandboxUrl) {
    this.base = sandboxUrl.replaceAll("/+$", "");
  }

  /** The sandbox's base URL, as logs name it. */
  public String base() {
    return base;
  }

  /** A JSON document the sandbox serves at {@code path}. */
  public JsonNode read(String path) {
    return json.readTree(send(HttpRequest.newBuilder(uri(path)).GET().build()).body());
  }

  /**
   * Registers {@code what} (an app, a merchant) at {@code path}.
   *
   * @throws IllegalStateException if the sandbox cannot be reached or refuses it
   */
  public void register(String path, Map<String, String> body, String what) {
    HttpResponse<String> registered =
        send(
            HttpRequest.newBuilder(uri(path))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(body)))
                .build());
    if (registered.statusCode() / 100 != 2) {
      throw new IllegalStateException(
          "the sandbox at " + base + " refused the " + what + ": " + registered.statusCode());
    }
  }

  private URI uri(String path) {
    return URI.create(base + path);
  }

  private HttpResponse<String> send(HttpRequest request) {
    try {
      return http.send(request, HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new IllegalStateException("cannot reach the sandbox at " + base, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while registering with the sandbox", e);
    }
  }
}
