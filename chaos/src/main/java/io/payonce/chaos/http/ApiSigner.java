package io.payonce.chaos.http;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Signs the harness's merchant API calls as the app the cluster's servers are started with (their
 * bootstrap app): PayOnce's request signature, as the server's {@code app.RequestSignatures}
 * defines it, copied here because the harness links to no server class.
 */
public final class ApiSigner {

  /** The bootstrap app the cluster's servers are started with. */
  public static final String APP_ID = "chaos-app";

  public static final String SECRET = "chaos-secret-7f3c1d9e2b4a6f8e0c1d3b5a7f9e2c4d";

  /** The master key of the harness's throwaway databases (never a real deployment's). */
  public static final String MASTER_KEY = "Y2hhb3MtaGFybmVzcy1tYXN0ZXIta2V5LTMyYnl0ZSE=";

  private static final SecureRandom RANDOM = new SecureRandom();

  private ApiSigner() {}

  /** Whether the server checks a signature on this path (the merchant API but callbacks). */
  public static boolean isApi(String path) {
    return (path.startsWith("/api/") || path.startsWith("/pay/")) && !path.contains("/notify");
  }

  /** The four signature headers of a request, signed now. */
  public static Map<String, String> headers(String method, URI uri, byte[] body) {
    long timestamp = Instant.now().getEpochSecond();
    byte[] nonceBytes = new byte[16];
    RANDOM.nextBytes(nonceBytes);
    String nonce = HexFormat.of().formatHex(nonceBytes);
    String canonical =
        String.join(
            "\n",
            "PAYONCE-HMAC-SHA256",
            APP_ID,
            method,
            uri.getRawPath(),
            uri.getRawQuery() == null ? "" : uri.getRawQuery(),
            Long.toString(timestamp),
            nonce,
            hex(sha256(body)));
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("PayOnce-App-Id", APP_ID);
    headers.put("PayOnce-Timestamp", Long.toString(timestamp));
    headers.put("PayOnce-Nonce", nonce);
    headers.put("PayOnce-Signature", hex(hmac(canonical)));
    return headers;
  }

  private static byte[] sha256(byte[] body) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(body);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] hmac(String canonical) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(SECRET.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
      return mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static String hex(byte[] bytes) {
    return HexFormat.of().formatHex(bytes);
  }
}
