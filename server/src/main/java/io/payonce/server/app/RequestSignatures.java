package io.payonce.server.app;

import java.nio.charset.StandardCharsets;
import java.security.InvalidKeyException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The signature of a merchant API request: hex HMAC-SHA256, keyed with the app's secret, of the
 * lines
 *
 * <pre>
 * PAYONCE-HMAC-SHA256
 * &lt;app id&gt;
 * &lt;METHOD&gt;
 * &lt;path, as sent (percent-escapes kept)&gt;
 * &lt;query string, as sent, without '?'; empty when none&gt;
 * &lt;timestamp: Unix seconds&gt;
 * &lt;nonce&gt;
 * &lt;hex SHA-256 of the body bytes (of no bytes when there is no body)&gt;
 * </pre>
 *
 * joined with {@code \n}. Clients (the tests, chaos, bench, {@code payonce sign}) sign with this
 * class or its few lines copied.
 */
public final class RequestSignatures {

  public static final String APP_ID = "PayOnce-App-Id";
  public static final String TIMESTAMP = "PayOnce-Timestamp";
  public static final String NONCE = "PayOnce-Nonce";
  public static final String SIGNATURE = "PayOnce-Signature";
  static final String SCHEME = "PAYONCE-HMAC-SHA256";

  private RequestSignatures() {}

  /** The text a request's signature is computed over. */
  public static String canonical(
      String appId,
      String method,
      String path,
      String query,
      long timestamp,
      String nonce,
      byte[] body) {
    return String.join(
        "\n",
        SCHEME,
        appId,
        method,
        path,
        query == null ? "" : query,
        Long.toString(timestamp),
        nonce,
        sha256Hex(body));
  }

  /** The hex HMAC-SHA256 of {@code canonical} under {@code secret}. */
  public static String sign(String secret, String canonical) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(secret.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return HexFormat.of().formatHex(mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException | InvalidKeyException e) {
      throw new IllegalStateException("HmacSHA256 unavailable", e);
    }
  }

  /**
   * Whether {@code signature} is the one of {@code canonical} under {@code secret}, in constant
   * time.
   */
  public static boolean matches(String secret, String canonical, String signature) {
    byte[] expected = sign(secret, canonical).getBytes(StandardCharsets.US_ASCII);
    return MessageDigest.isEqual(expected, signature.getBytes(StandardCharsets.US_ASCII));
  }

  public static String sha256Hex(byte[] body) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(body == null ? new byte[0] : body));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }
}
