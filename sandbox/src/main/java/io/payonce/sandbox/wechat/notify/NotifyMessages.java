package io.payonce.sandbox.wechat.notify;

import io.payonce.sandbox.notify.Notifier;
import io.payonce.sandbox.wechat.V2Signature;
import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.WechatMerchant;
import io.payonce.sandbox.wechat.WechatPlatformKey;
import io.payonce.sandbox.wechat.WechatXml;
import java.time.Clock;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ObjectNode;

/**
 * One attempt's request: for APIv3, the resource encrypted anew (fresh nonce) and the body signed
 * over {@code timestamp\nnonce\nbody\n} with fresh timestamp and nonce; for APIv2, the XML signed
 * with the merchant's v2 key. Chaos (tampered amount, bad signature) is applied here.
 */
final class NotifyMessages {

  static final String PROBE_PREFIX = "WECHATPAY/SIGNTEST/";

  private final JsonMapper json = JsonMapper.builder().build();
  private final WechatPlatformKey platformKey;
  private final Clock realTime;

  NotifyMessages(WechatPlatformKey platformKey, Clock realTime) {
    this.platformKey = platformKey;
    this.realTime = realTime;
  }

  record Message(Map<String, String> headers, String body) implements Notifier.Request {}

  record Chaos(boolean tamperAmount, boolean badSignature) {}

  JsonMapper json() {
    return json;
  }

  Message build(PendingNotify notify, WechatMerchant merchant, Chaos chaos) {
    return notify.kind() == PendingNotify.Kind.V3
        ? v3(notify, merchant, chaos, null)
        : v2(notify, merchant, chaos);
  }

  /** A V3 notify whose Wechatpay-Signature is WeChat's probe: never valid. */
  Message probe(PendingNotify notify, WechatMerchant merchant) {
    byte[] noise = WechatIds.nonce(64).getBytes(java.nio.charset.StandardCharsets.UTF_8);
    return v3(
        notify,
        merchant,
        new Chaos(false, false),
        PROBE_PREFIX + Base64.getEncoder().encodeToString(noise));
  }

  private Message v3(
      PendingNotify notify, WechatMerchant merchant, Chaos chaos, String forcedSignature) {
    String plaintext = chaos.tamperAmount() ? tampered(notify.plaintext()) : notify.plaintext();
    String nonce = WechatIds.nonce(12);
    Map<String, Object> resource = new LinkedHashMap<>();
    resource.put("original_type", notify.originalType());
    resource.put("algorithm", "AEAD_AES_256_GCM");
    resource.put(
        "ciphertext",
        NotifyCipher.encrypt(plaintext, merchant.apiV3Key(), nonce, notify.originalType()));
    resource.put("associated_data", notify.originalType());
    resource.put("nonce", nonce);
    Map<String, Object> envelope = new LinkedHashMap<>();
    envelope.put("id", notify.notifyId());
    envelope.put("create_time", notify.createTime());
    envelope.put("resource_type", "encrypt-resource");
    envelope.put("event_type", notify.eventType());
    envelope.put("summary", notify.summary());
    envelope.put("resource", resource);
    String body = json.writeValueAsString(envelope);
    String timestamp = Long.toString(realTime.instant().getEpochSecond());
    String headerNonce = WechatIds.nonce(32);
    String message = timestamp + "\n" + headerNonce + "\n" + body + "\n";
    String signature =
        forcedSignature != null
            ? forcedSignature
            : platformKey.sign(chaos.badSignature() ? message + " " : message);
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Content-Type", "application/json");
    headers.put("Wechatpay-Serial", platformKey.publicKeyId());
    headers.put("Wechatpay-Signature", signature);
    headers.put("Wechatpay-Timestamp", timestamp);
    headers.put("Wechatpay-Nonce", headerNonce);
    headers.put("Wechatpay-Signature-Type", "WECHATPAY2-SHA256-RSA2048");
    return new Message(headers, body);
  }

  private Message v2(PendingNotify notify, WechatMerchant merchant, Chaos chaos) {
    if (merchant.v2Key() == null) {
      throw new IllegalStateException("merchant " + merchant.mchid() + " has no APIv2 key");
    }
    Map<String, String> fields = new TreeMap<>(notify.fields());
    if (chaos.tamperAmount()) {
      fields.put("total_fee", Long.toString(Long.parseLong(fields.get("total_fee")) + 100));
      fields.put("cash_fee", Long.toString(Long.parseLong(fields.get("cash_fee")) + 100));
    }
    String signType = fields.getOrDefault("sign_type", V2Signature.MD5);
    Map<String, String> signed = new TreeMap<>(fields);
    if (chaos.badSignature()) {
      signed.put("forged", "true");
    }
    fields.put("sign", V2Signature.sign(signed, signType, merchant.v2Key()));
    return new Message(
        Map.of("Content-Type", "text/xml; charset=utf-8"), WechatXml.write(ordered(fields)));
  }

  /** return_code first, as WeChat writes it; the rest sorted. */
  private static Map<String, String> ordered(Map<String, String> fields) {
    Map<String, String> ordered = new LinkedHashMap<>();
    ordered.put("return_code", fields.get("return_code"));
    ordered.put("return_msg", fields.get("return_msg"));
    ordered.putAll(fields);
    return ordered;
  }

  /** The amount 1.00 yuan (100 fen) higher than the truth, in whatever the plaintext is. */
  private String tampered(String plaintext) {
    ObjectNode root = (ObjectNode) json.readTree(plaintext);
    JsonNode amount = root.get("amount");
    if (amount instanceof ObjectNode fields) {
      for (String name : new String[] {"total", "payer_total", "refund", "payer_refund"}) {
        if (fields.has(name) && !(root.has("refund_id") && name.contains("total"))) {
          fields.put(name, fields.get(name).longValue() + 100);
        }
      }
    }
    return json.writeValueAsString(root);
  }
}
