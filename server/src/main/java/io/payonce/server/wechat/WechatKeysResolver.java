package io.payonce.server.wechat;

import io.payonce.server.channel.SandboxEnrollment;
import java.util.LinkedHashMap;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import tools.jackson.databind.JsonNode;

/**
 * Where the keys come from: configuration in production; with {@code payonce.wechat.sandbox-url}, a
 * merchant generated here and registered with that sandbox over HTTP (the server links to no
 * sandbox class). Production configuration never touches a sandbox.
 */
final class WechatKeysResolver {

  private static final Logger log = LoggerFactory.getLogger(WechatKeysResolver.class);

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
    SandboxEnrollment sandbox = new SandboxEnrollment(sandboxUrl);
    JsonNode platform = sandbox.read("/sandbox/wechat/platform-key");
    String platformKey = platform.path("publicKeyPem").asString();
    String platformKeyId = platform.path("publicKeyId").asString();
    WechatKeys keys =
        WechatProperties.present(props.merchantPrivateKey())
            ? WechatKeys.configuredForSandbox(props, platformKey, platformKeyId)
            : WechatKeys.generateForSandbox(platformKey, platformKeyId);
    Map<String, String> merchant = new LinkedHashMap<>();
    merchant.put("mchid", props.mchid());
    merchant.put("appid", props.appid());
    merchant.put("publicKey", keys.merchantPublicKey());
    merchant.put("serialNo", keys.merchantSerialNumber());
    merchant.put("apiV3Key", keys.apiV3Key());
    merchant.put("v2Key", keys.v2Key());
    merchant.put("refundNotifyUrl", notifyUrl);
    merchant.put("v2NotifyUrl", v2NotifyUrl);
    if (WechatProperties.present(props.appSecret())) {
      // The official account's pages sign buyers in (the cashier's JSAPI): the sandbox checks it.
      merchant.put("appSecret", props.appSecret());
    }
    sandbox.register("/sandbox/wechat/merchants", merchant, "merchant");
    log.info(
        "wechat keys=sandbox registered=sandbox url={} mchid={}", sandbox.base(), props.mchid());
    return keys;
  }
}
