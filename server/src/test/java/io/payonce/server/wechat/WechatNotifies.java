package io.payonce.server.wechat;

import io.payonce.sandbox.wechat.WechatPlatformKey;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import tools.jackson.databind.json.JsonMapper;

/**
 * Hand-made APIv3 payment notifications, signed with the sandbox's own platform key and encrypted
 * with the merchant's APIv3 key exactly as WeChat Pay does, so that each test changes one thing
 * (signature, timestamp, merchant, amount) and everything else is genuine.
 */
final class WechatNotifies {

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final SecureRandom RANDOM = new SecureRandom();

  private final PayOnceHttp http;
  private final WechatPlatformKey platformKey;
  private final String apiV3Key;

  WechatNotifies(PayOnceHttp http, WechatPlatformKey platformKey, String apiV3Key) {
    this.http = http;
    this.platformKey = platformKey;
    this.apiV3Key = apiV3Key;
  }

  /** A paid transaction as WeChat reports it. */
  static Map<String, Object> paid(
      String mchid, String appid, String outTradeNo, String transactionId, long fen) {
    Map<String, Object> t = new LinkedHashMap<>();
    t.put("appid", appid);
    t.put("mchid", mchid);
    t.put("out_trade_no", outTradeNo);
    t.put("transaction_id", transactionId);
    t.put("trade_type", "NATIVE");
    t.put("trade_state", "SUCCESS");
    t.put("trade_state_desc", "支付成功");
    t.put("bank_type", "OTHERS");
    t.put("success_time", "2026-11-30T12:00:00+08:00");
    t.put("payer", Map.of("openid", "oUpF8uMuAJO_M2pxb1Q9zNjWeS6o"));
    t.put(
        "amount",
        Map.of("total", fen, "payer_total", fen, "currency", "CNY", "payer_currency", "CNY"));
    return t;
  }

  static String transactionId() {
    return "42" + String.format("%026d", Math.abs(RANDOM.nextLong()) % 1_000_000_000_000L);
  }

  /** A delivery: body and signed headers; {@link #post()} sends it. */
  final class Delivery {
    final String body;
    final Map<String, String> headers;

    Delivery(String body, Map<String, String> headers) {
      this.body = body;
      this.headers = headers;
    }

    Answer post() {
      return http.postRaw("/pay/wechat/notify", headers, body);
    }
  }

  Delivery of(Map<String, Object> transaction) {
    return of(transaction, Instant.now(), false);
  }

  /**
   * @param signedAt the Wechatpay-Timestamp, signed as it is
   * @param forge sign something other than the body (a forger without the platform key)
   */
  Delivery of(Map<String, Object> transaction, Instant signedAt, boolean forge) {
    String nonce = HexFormat.of().formatHex(randomBytes(6));
    Map<String, Object> resource = new LinkedHashMap<>();
    resource.put("original_type", "transaction");
    resource.put("algorithm", "AEAD_AES_256_GCM");
    resource.put("ciphertext", encrypt(JSON.writeValueAsString(transaction), nonce));
    resource.put("associated_data", "transaction");
    resource.put("nonce", nonce);
    Map<String, Object> envelope = new LinkedHashMap<>();
    envelope.put("id", UUID.randomUUID().toString());
    envelope.put("create_time", "2026-11-30T12:00:01+08:00");
    envelope.put("resource_type", "encrypt-resource");
    envelope.put("event_type", "TRANSACTION.SUCCESS");
    envelope.put("summary", "支付成功");
    envelope.put("resource", resource);
    String body = JSON.writeValueAsString(envelope);
    String timestamp = Long.toString(signedAt.getEpochSecond());
    String headerNonce = HexFormat.of().formatHex(randomBytes(16));
    String message = timestamp + "\n" + headerNonce + "\n" + body + "\n";
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    headers.put("Wechatpay-Serial", platformKey.publicKeyId());
    headers.put("Wechatpay-Signature", platformKey.sign(forge ? message + "forged" : message));
    headers.put("Wechatpay-Timestamp", timestamp);
    headers.put("Wechatpay-Nonce", headerNonce);
    headers.put("Wechatpay-Signature-Type", "WECHATPAY2-SHA256-RSA2048");
    return new Delivery(body, headers);
  }

  private String encrypt(String plaintext, String nonce) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.ENCRYPT_MODE,
          new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES"),
          new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
      cipher.updateAAD("transaction".getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder()
          .encodeToString(cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] randomBytes(int n) {
    byte[] bytes = new byte[n];
    RANDOM.nextBytes(bytes);
    return bytes;
  }
}
