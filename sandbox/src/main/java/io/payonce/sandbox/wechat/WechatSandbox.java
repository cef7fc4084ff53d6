package io.payonce.sandbox.wechat;

import org.springframework.stereotype.Component;

/** What an embedding server needs from the simulated WeChat Pay: merchants, key, base path. */
@Component
public class WechatSandbox {

  /** Where the APIs live: point the client's {@code https://api.mch.weixin.qq.com} here. */
  public static final String BASE_PATH = "/sandbox/wechat";

  private final WechatMerchants merchants;
  private final WechatPlatformKey platformKey;

  WechatSandbox(WechatMerchants merchants, WechatPlatformKey platformKey) {
    this.merchants = merchants;
    this.platformKey = platformKey;
  }

  /** Lets the merchant call the APIs; a later registration of the same mchid replaces it. */
  public void registerMerchant(WechatMerchant merchant) {
    merchants.register(merchant);
  }

  /** The id to configure as the client's {@code publicKeyId} ({@code PUB_KEY_ID_...}). */
  public String publicKeyId() {
    return platformKey.publicKeyId();
  }

  /** The WeChat Pay public key to configure in the client, as PEM. */
  public String publicKeyPem() {
    return platformKey.publicKeyPem();
  }

  /** The same key as Base64 X.509 without armour. */
  public String publicKeyBase64() {
    return platformKey.publicKeyBase64();
  }

  /** The path to prefix with the host's base URL, e.g. {@code http://127.0.0.1:8090}. */
  public String basePath() {
    return BASE_PATH;
  }
}
