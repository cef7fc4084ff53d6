package io.payonce.server.notify;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;

/** The hash a receipt keeps of a delivery, so an operator can tell re-sends from new ones. */
public final class PayloadHash {

  private PayloadHash() {}

  /** SHA-256 of a raw body (UTF-8; none hashes as empty). */
  public static String of(String body) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest((body == null ? "" : body).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }

  /** SHA-256 over form parameters sorted by name: the same delivery always hashes alike. */
  public static String of(Map<String, String> form) {
    StringBuilder canonical = new StringBuilder();
    new TreeMap<>(form).forEach((k, v) -> canonical.append(k).append('=').append(v).append('&'));
    return of(canonical.toString());
  }
}
