package io.payonce.server.webhook;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Component;

/**
 * POSTs one delivery's body, signed with its app's webhook secret, and says how it went: status or
 * failure, and latency. Redirects are not followed (a 3xx is a failure): the destination is the URL
 * the merchant gave, not one its server points elsewhere, which also keeps a redirect from leading
 * the request into our own network. No transaction is open here.
 */
@Component
class WebhookPoster {

  static final String USER_AGENT = "PayOnce-Webhooks/1";
  private static final int MAX_FAILURE = 256;

  private final WebhookProperties props;
  private final NotifyUrls urls;
  private final Clock clock;
  private final HttpClient http;

  WebhookPoster(WebhookProperties props, NotifyUrls urls, Clock clock) {
    this.props = props;
    this.urls = urls;
    this.clock = clock;
    this.http =
        HttpClient.newBuilder()
            .connectTimeout(props.timeout())
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();
  }

  PostResult post(String url, String eventId, String body, String secret) {
    Instant startedAt = clock.instant();
    long started = System.nanoTime();
    Optional<String> refused = urls.problemBeforePost(url);
    if (refused.isPresent()) {
      return result(startedAt, started, null, "destination refused: " + refused.get());
    }
    byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(url))
            .timeout(props.timeout())
            .header("Content-Type", "application/json")
            .header("User-Agent", USER_AGENT)
            .header(WebhookSignature.EVENT_ID_HEADER, eventId)
            .header(
                WebhookSignature.HEADER,
                WebhookSignature.header(secret, startedAt.getEpochSecond(), bytes))
            .POST(HttpRequest.BodyPublishers.ofByteArray(bytes))
            .build();
    try {
      int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
      return result(startedAt, started, status, status / 100 == 2 ? null : "HTTP " + status);
    } catch (IOException e) {
      return result(startedAt, started, null, e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return result(startedAt, started, null, "interrupted");
    } catch (IllegalArgumentException e) {
      return result(startedAt, started, null, "destination refused: not a valid URL");
    }
  }

  private static PostResult result(Instant startedAt, long started, Integer status, String why) {
    long latencyMs = (System.nanoTime() - started) / 1_000_000;
    String failure =
        why == null || why.length() <= MAX_FAILURE ? why : why.substring(0, MAX_FAILURE);
    return new PostResult(startedAt, latencyMs, status, failure);
  }
}
