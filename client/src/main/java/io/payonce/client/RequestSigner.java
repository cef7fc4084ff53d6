package io.payonce.client;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs a merchant API request as the server verifies it (docs/security.md, "Signing"): the
 * lower-case hex HMAC-SHA256, keyed with the app's secret, of
 *
 * <pre>
 * PAYONCE-HMAC-SHA256
 * &lt;app id&gt;
 * &lt;METHOD&gt;
 * &lt;path, as sent&gt;
 * &lt;query string, as sent, without '?'; empty when none&gt;
 * &lt;timestamp: Unix seconds&gt;
 * &lt;nonce&gt;
 * &lt;hex SHA-256 of the body bytes&gt;
 * </pre>
 *
 * joined with {@code \n}. Written from the specification, not linked to the server's code; a test
 * checks both agree.
 */
public final class RequestSigner {

  public static final String APP_ID = "PayOnce-App-Id";
  public static final String TIMESTAMP = "PayOnce-Timestamp";
  public static final String NONCE = "PayOnce-Nonce";
  public static final String SIGNATURE = "PayOnce-Signature";
  private static final String SCHEME = "PAYONCE-HMAC-SHA256";

  private final String appId;
  private final byte[] secret;

  public RequestSigner(String appId, String secret) {
    this.appId = appId;
    this.secret = secret.getBytes(StandardCharsets.UTF_8);
  }

  /** The four headers of a request; {@code rawQuery} is null or empty when there is none. */
  public Map<String, String> headers(
      String method, String rawPath, String rawQuery, byte[] body, long timestamp, String nonce) {
    String canonical = canonical(method, rawPath, rawQuery, body, timestamp, nonce);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put(APP_ID, appId);
    headers.put(TIMESTAMP, Long.toString(timestamp));
    headers.put(NONCE, nonce);
    headers.put(SIGNATURE, hmacHex(secret, canonical.getBytes(StandardCharsets.UTF_8)));
    return headers;
  }

  /** The text that is signed. */
  public String canonical(
      String method, String rawPath, String rawQuery, byte[] body, long timestamp, String nonce) {
    return String.join(
        "\n",
        SCHEME,
        appId,
        method,
        rawPath,
        rawQuery == null ? "" : rawQuery,
        Long.toString(timestamp),
        nonce,
        sha256Hex(body == null ? new byte[0] : body));
  }

  static String hmacHex(byte[] key, byte[]... parts) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key, "HmacSHA256"));
      for (byte[] part : parts) {
        mac.update(part);
      }
      return HexFormat.of().formatHex(mac.doFinal());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 unavailable", e);
    }
  }

  private static String sha256Hex(byte[] body) {
    try {
      return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(body));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }
}
