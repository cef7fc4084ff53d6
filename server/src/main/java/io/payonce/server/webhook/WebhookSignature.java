package io.payonce.server.webhook;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The {@code PayOnce-Signature} of a webhook, as Stripe signs its own: {@code t=<unix
 * seconds>,v1=<hex HMAC-SHA256 of "t.body">} under the app's webhook secret, so the receiver can
 * check both origin and freshness.
 */
public final class WebhookSignature {

  public static final String HEADER = "PayOnce-Signature";
  public static final String EVENT_ID_HEADER = "PayOnce-Event-Id";

  private WebhookSignature() {}

  /** The header's value for a body sent at {@code timestamp}. */
  public static String header(String secret, long timestamp, byte[] body) {
    return "t=" + timestamp + ",v1=" + sign(secret, timestamp, body);
  }

  /** The v1 signature: hex HMAC-SHA256 of "timestamp.body". */
  public static String sign(String secret, long timestamp, byte[] body) {
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
