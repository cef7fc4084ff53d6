package io.payonce.sandbox.wechat;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * APIv2's sign: every field but {@code sign} with a non-empty value, sorted by name (ASCII), joined
 * {@code k=v&...}, then {@code &key=<APIv2 key>}; MD5 (the default) or HMAC-SHA256 keyed with the
 * same key; upper-case hex.
 */
public final class V2Signature {

  public static final String MD5 = "MD5";
  public static final String HMAC_SHA256 = "HMAC-SHA256";

  private V2Signature() {}

  public static boolean supported(String signType) {
    return signType == null || MD5.equals(signType) || HMAC_SHA256.equals(signType);
  }

  public static String sign(Map<String, String> fields, String signType, String key) {
    String content = content(fields) + "&key=" + key;
    try {
      byte[] digest;
      if (HMAC_SHA256.equals(signType)) {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
        digest = mac.doFinal(content.getBytes(StandardCharsets.UTF_8));
      } else {
        digest = MessageDigest.getInstance("MD5").digest(content.getBytes(StandardCharsets.UTF_8));
      }
      return HexFormat.of().formatHex(digest).toUpperCase(Locale.ROOT);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("MD5/HMAC-SHA256 unavailable", e);
    }
  }

  public static boolean verify(Map<String, String> fields, String signType, String key) {
    String sign = fields.get("sign");
    return sign != null
        && MessageDigest.isEqual(
            sign.getBytes(StandardCharsets.UTF_8),
            sign(fields, signType, key).getBytes(StandardCharsets.UTF_8));
  }

  /** stringA: the fields to sign, sorted and joined. */
  static String content(Map<String, String> fields) {
    return new TreeMap<>(fields)
        .entrySet().stream()
            .filter(e -> !e.getKey().equals("sign"))
            .filter(e -> e.getValue() != null && !e.getValue().isEmpty())
            .map(e -> e.getKey() + "=" + e.getValue())
            .collect(Collectors.joining("&"));
  }
}
