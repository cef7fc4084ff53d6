package io.payonce.client;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Checks a webhook from PayOnce and reads its event. The request carries {@code PayOnce-Signature:
 * t=<Unix seconds>,v1=<hex HMAC-SHA256 of "t." followed by the body bytes>}: the verifier accepts
 * it when {@code t} is within the tolerance of its clock (an old request replayed later is refused)
 * and some {@code v1} is the signature under one of its secrets (several during a rotation: the new
 * secret first, the old one until PayOnce sends with the new). Comparisons are constant-time. Pass
 * the body exactly as received: parsed and written again, it no longer matches.
 *
 * <pre>{@code
 * WebhookVerifier verifier = WebhookVerifier.builder().secret(webhookSecret).build();
 * WebhookEvent event = verifier.verify(request.getHeader("PayOnce-Signature"), rawBody);
 * }</pre>
 */
public final class WebhookVerifier {

  public static final String SIGNATURE_HEADER = "PayOnce-Signature";
  public static final String EVENT_ID_HEADER = "PayOnce-Event-Id";

  private final List<byte[]> secrets;
  private final Duration tolerance;
  private final Clock clock;
  private final JsonMapper json =
      JsonMapper.builder().disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES).build();

  private WebhookVerifier(Builder builder) {
    if (builder.secrets.isEmpty()) {
      throw new IllegalArgumentException("at least one secret is needed");
    }
    this.secrets =
        builder.secrets.stream().map(secret -> secret.getBytes(StandardCharsets.UTF_8)).toList();
    this.tolerance = builder.tolerance;
    this.clock = builder.clock;
  }

  public static Builder builder() {
    return new Builder();
  }

  /**
   * The event, if the signature header fits the body.
   *
   * @throws WebhookVerificationException otherwise
   */
  public WebhookEvent verify(String signatureHeader, byte[] body) {
    Signature signature = Signature.parse(signatureHeader);
    long now = clock.instant().getEpochSecond();
    if (Math.abs(now - signature.timestamp()) > tolerance.toSeconds()) {
      throw new WebhookVerificationException("timestamp outside the tolerance");
    }
    byte[] prefix = (signature.timestamp() + ".").getBytes(StandardCharsets.UTF_8);
    boolean matched = false;
    for (byte[] secret : secrets) {
      byte[] expected =
          RequestSigner.hmacHex(secret, prefix, body).getBytes(StandardCharsets.US_ASCII);
      for (String candidate : signature.v1()) {
        // Every pair is compared, so the time taken says nothing about which one matched.
        matched |= MessageDigest.isEqual(expected, candidate.getBytes(StandardCharsets.US_ASCII));
      }
    }
    if (!matched) {
      throw new WebhookVerificationException("no signature matches");
    }
    try {
      return json.readValue(body, WebhookEvent.class);
    } catch (JacksonException e) {
      throw new WebhookVerificationException("the body is not an event", e);
    }
  }

  /** {@link #verify(String, byte[])} for a body received as UTF-8 text. */
  public WebhookEvent verify(String signatureHeader, String body) {
    return verify(signatureHeader, body.getBytes(StandardCharsets.UTF_8));
  }

  private record Signature(long timestamp, List<String> v1) {

    static Signature parse(String header) {
      if (header == null || header.isBlank()) {
        throw new WebhookVerificationException("no " + SIGNATURE_HEADER + " header");
      }
      Long timestamp = null;
      List<String> v1 = new ArrayList<>();
      for (String part : header.split(",")) {
        String item = part.trim();
        if (item.startsWith("t=") && item.substring(2).matches("[0-9]{1,12}")) {
          timestamp = Long.parseLong(item.substring(2));
        } else if (item.startsWith("v1=")) {
          v1.add(item.substring(3));
        }
      }
      if (timestamp == null || v1.isEmpty()) {
        throw new WebhookVerificationException("malformed " + SIGNATURE_HEADER + " header");
      }
      return new Signature(timestamp, v1);
    }
  }

  /** Settings of a {@link WebhookVerifier}; at least one secret is required. */
  public static final class Builder {
    private final List<String> secrets = new ArrayList<>();
    private Duration tolerance = Duration.ofMinutes(5);
    private Clock clock = Clock.systemUTC();

    private Builder() {}

    /** A webhook secret; add the new one and the old one while rotating. */
    public Builder secret(String secret) {
      secrets.add(Objects.requireNonNull(secret, "secret"));
      return this;
    }

    /** How far the signature's time may be from the clock, either way (5 minutes by default). */
    public Builder tolerance(Duration tolerance) {
      this.tolerance = tolerance;
      return this;
    }

    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    public WebhookVerifier build() {
      return new WebhookVerifier(this);
    }
  }
}
