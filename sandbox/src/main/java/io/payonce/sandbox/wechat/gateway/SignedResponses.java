package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.WechatPlatformKey;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import tools.jackson.databind.json.JsonMapper;

/**
 * Writes an APIv3 response: the body serialized once, and exactly those characters signed over
 * {@code timestamp\nnonce\nbody\n} (an empty body for 204) with the headers WeChat sends, in the
 * exact case the SDK reads them ({@code Wechatpay-Timestamp}, never {@code wechatpay-timestamp}).
 */
final class SignedResponses {

  private final JsonMapper json = JsonMapper.builder().build();
  private final WechatPlatformKey platformKey;
  private final Clock realTime;

  SignedResponses(WechatPlatformKey platformKey, Clock realTime) {
    this.platformKey = platformKey;
    this.realTime = realTime;
  }

  /** A response ready to write: status, headers in order and exact case, body bytes. */
  record Signed(int status, Map<String, String> headers, byte[] body) {}

  Signed sign(V3Reply reply, boolean forgeSignature) {
    Map<String, String> headers = new LinkedHashMap<>();
    headers.put("Request-ID", UUID.randomUUID().toString());
    if (reply.raw() != null) {
      headers.put("Content-Type", "application/octet-stream");
      return new Signed(reply.status(), headers, reply.raw());
    }
    String body = reply.json() == null ? "" : json.writeValueAsString(reply.json());
    String timestamp = Long.toString(realTime.instant().getEpochSecond());
    String nonce = WechatIds.nonce(32);
    String message = timestamp + "\n" + nonce + "\n" + body + "\n";
    headers.put("Wechatpay-Nonce", nonce);
    headers.put("Wechatpay-Signature", platformKey.sign(forgeSignature ? message + " " : message));
    headers.put("Wechatpay-Timestamp", timestamp);
    headers.put("Wechatpay-Serial", platformKey.publicKeyId());
    headers.put("Wechatpay-Signature-Type", Authentication.SCHEMA);
    if (!body.isEmpty()) {
      headers.put("Content-Type", "application/json; charset=utf-8");
    }
    return new Signed(reply.status(), headers, body.getBytes(StandardCharsets.UTF_8));
  }

  JsonMapper json() {
    return json;
  }
}
