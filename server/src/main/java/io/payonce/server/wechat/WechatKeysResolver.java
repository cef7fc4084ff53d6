package io.payonce.server.wechat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Where the keys come from: configuration in production; with {@code payonce.wechat.sandbox-url}, a
 * merchant generated here and registered with that sandbox over HTTP (the server links to no
 * sandbox class). Production configuration never touches a sandbox.
 */
final class WechatKeysResolver {

  private static final Logger log = LoggerFactory.getLogger(WechatKeysResolver.class);
  private static final JsonMapper json = JsonMapper.builder().build();

  private WechatKeysResolver() {}

  /** Checked at start-up, so that a misconfiguration fails fast. */
  static void requireSource(WechatProperties props) {
    if (!props.hasKeys() && !props.hasSandbox()) {
      throw new IllegalStateException(
          "WeChat Pay is enabled but not configured: set payonce.wechat.api-v3-key, v2-key,"
              + " merchant-private-key, merchant-serial-number, platform-public-key and"
              + " platform-public-key-id (or payonce.wechat.sandbox-url for a sandbox)");
    }
  }

  /**
   * @param sandboxUrl the sandbox's base URL, placeholders resolved; null without a sandbox
   * @param notifyUrl where the merchant's refund notifies go (registered with a sandbox)
   * @param v2NotifyUrl where APIv2 XML payment notifies go (registered with a sandbox), or null
   */
  static WechatKeys resolve(
      WechatProperties props, String sandboxUrl, String notifyUrl, String v2NotifyUrl) {
    if (props.hasKeys()) {
      return WechatKeys.configured(props);
    }
    return registerWithSandbox(props, sandboxUrl, notifyUrl, v2NotifyUrl);
  }

  private static WechatKeys registerWithSandbox(
      WechatProperties props, String sandboxUrl, String notifyUrl, String v2NotifyUrl) {
    String base = sandboxUrl.replaceAll("/+$", "");
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    try {
      HttpResponse<String> keyResponse =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/sandbox/wechat/platform-key"))
                  .GET()
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      JsonNode platform = json.readTree(keyResponse.body());
      WechatKeys keys =
          WechatKeys.generateForSandbox(
              platform.path("publicKeyPem").asString(), platform.path("publicKeyId").asString());
      Map<String, String> merchant = new LinkedHashMap<>();
      merchant.put("mchid", props.mchid());
      merchant.put("appid", props.appid());
      merchant.put("publicKey", keys.merchantPublicKey());
      merchant.put("serialNo", keys.merchantSerialNumber());
      merchant.put("apiV3Key", keys.apiV3Key());
      merchant.put("v2Key", keys.v2Key());
      merchant.put("refundNotifyUrl", notifyUrl);
      merchant.put("v2NotifyUrl", v2NotifyUrl);
      HttpResponse<String> registered =
          http.send(
              HttpRequest.newBuilder(URI.create(base + "/sandbox/wechat/merchants"))
                  .header("Content-Type", "application/json")
                  .POST(HttpRequest.BodyPublishers.ofString(json.writeValueAsString(merchant)))
                  .build(),
              HttpResponse.BodyHandlers.ofString());
      if (registered.statusCode() / 100 != 2) {
        throw new IllegalStateException(
            "the sandbox at " + base + " refused the merchant: " + registered.statusCode());
      }
      log.info("wechat keys=sandbox registered=sandbox url={} mchid={}", base, props.mchid());
      return keys;
    } catch (java.io.IOException e) {
      throw new IllegalStateException("cannot reach the sandbox at " + base, e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while registering with the sandbox", e);
    }
  }
}
