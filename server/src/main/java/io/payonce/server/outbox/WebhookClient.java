package io.payonce.server.outbox;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * POSTs an event to the merchant's URL, signed like Stripe's webhooks: header {@code
 * PayOnce-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body">}, so the merchant can check
 * both origin and freshness. The event id travels as {@code PayOnce-Event-Id} for dedup. Retries
 * with back-off come from the relay: a non-2xx answer leaves the event unpublished.
 */
@Component
class WebhookClient {

  static final String SIGNATURE_HEADER = "PayOnce-Signature";
  static final String EVENT_ID_HEADER = "PayOnce-Event-Id";
  private static final Logger log = LoggerFactory.getLogger(WebhookClient.class);

  private final WebhookProperties props;
  private final EventEnvelopes envelopes;
  private final Clock clock;
  private final HttpClient http;

  WebhookClient(WebhookProperties props, EventEnvelopes envelopes, Clock clock) {
    this.props = props;
    this.envelopes = envelopes;
    this.clock = clock;
    if (props.enabled() && props.secret().isBlank()) {
      throw new IllegalStateException("payonce.events.webhook.secret is required with a url");
    }
    this.http = HttpClient.newBuilder().connectTimeout(props.timeout()).build();
  }

  /** Whether the merchant took the event; true when no webhook is configured. */
  boolean post(EventEnvelope event) {
    if (!props.enabled()) {
      return true;
    }
    byte[] body = envelopes.toJson(event);
    long timestamp = clock.instant().getEpochSecond();
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(props.url()))
            .timeout(props.timeout())
            .header("Content-Type", "application/json")
            .header(EVENT_ID_HEADER, event.eventId())
            .header(
                SIGNATURE_HEADER, "t=" + timestamp + ",v1=" + sign(props.secret(), timestamp, body))
            .POST(HttpRequest.BodyPublishers.ofByteArray(body))
            .build();
    try {
      int status = http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
      if (status / 100 == 2) {
        return true;
      }
      log.warn("webhook refused eventId={} status={}", event.eventId(), status);
    } catch (IOException e) {
      log.warn(
          "webhook unreachable eventId={} reason={}",
          event.eventId(),
          e.getClass().getSimpleName());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return false;
  }

  /** The v1 signature of a body sent at {@code timestamp}: hex HMAC-SHA256 of "timestamp.body". */
  static String sign(String secret, long timestamp, byte[] body) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      mac.update((timestamp + ".").getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(mac.doFinal(body));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 unavailable", e);
    }
  }
}
