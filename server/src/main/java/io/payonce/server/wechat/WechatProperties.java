package io.payonce.server.wechat;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * How to reach WeChat Pay (APIv3, public-key mode). URLs may hold {@code ${local.server.port}}:
 * they are resolved at the first call, once the embedded server knows its port.
 *
 * @param enabled whether this instance speaks WeChat Pay at all (off: no adapter, no endpoint)
 * @param mchid the merchant number
 * @param appid the app id bound to the merchant
 * @param apiV3Key the 32-byte APIv3 key: decrypts notifications
 * @param v2Key the APIv2 key: signs payment-code requests and the XML notify
 * @param v2CertificatePath the merchant API certificate as PKCS#12 (password: the mchid), which
 *     APIv2 reverse needs for mutual TLS; not needed against a sandbox over plain HTTP
 * @param merchantPrivateKey the merchant API certificate's private key, PKCS#8 (PEM or Base64)
 * @param merchantSerialNumber that certificate's serial number
 * @param platformPublicKey the "WeChat Pay public key" (PEM or Base64) that signs replies and
 *     notifies
 * @param platformPublicKeyId its id, {@code PUB_KEY_ID_...}
 * @param notifyUrl the public URL of {@code /pay/wechat/notify} for the whole deployment (behind a
 *     load balancer, the load balancer's); required
 * @param v2NotifyUrl the public URL of {@code /api/pay/callback/wechat}, where APIv2 XML payment
 *     notifies go (registered with a sandbox; at WeChat it is the merchant platform's setting)
 * @param apiBaseUrl where the library's requests go instead of {@code
 *     https://api.mch.weixin.qq.com}, e.g. the sandbox's {@code http://host:port/sandbox/wechat};
 *     blank in production
 * @param sandboxUrl a sandbox's base URL: with no keys configured, a merchant (key pair, serial,
 *     APIv3 key) is generated and registered with it at the first use (tests and demos only)
 * @param notifyWindow how far a notification's signed timestamp may be from our clock; the library
 *     checks signatures but not freshness, so an old (replayed) notification is refused here
 * @param miniProgramAppid the mini-program's own app id, bound to the merchant: without it no
 *     mini-program payment is offered (JSAPI, an official account's page, uses {@code appid})
 * @param appAppid the merchant's mobile app's own app id (WeChat open platform), bound to the
 *     merchant: without it no App payment is offered
 * @param appSecret the AppSecret of the official account {@code appid}: with it, the cashier opened
 *     in WeChat signs the buyer in (WeChat's web OAuth, {@code snsapi_base}) to learn the openid a
 *     JSAPI payment names; without it the cashier offers WeChat's browser no JSAPI payment. A
 *     secret: never logged nor answered
 */
@ConfigurationProperties("payonce.wechat")
public record WechatProperties(
    @DefaultValue("false") boolean enabled,
    @DefaultValue("1900000001") String mchid,
    @DefaultValue("wx8888888888888888") String appid,
    String apiV3Key,
    String v2Key,
    String v2CertificatePath,
    String merchantPrivateKey,
    String merchantSerialNumber,
    String platformPublicKey,
    String platformPublicKeyId,
    String notifyUrl,
    String v2NotifyUrl,
    String apiBaseUrl,
    String sandboxUrl,
    @DefaultValue("3s") Duration connectTimeout,
    @DefaultValue("10s") Duration readTimeout,
    @DefaultValue("5m") Duration notifyWindow,
    String miniProgramAppid,
    String appAppid,
    String appSecret) {

  boolean hasKeys() {
    return present(apiV3Key)
        && present(v2Key)
        && present(merchantPrivateKey)
        && present(merchantSerialNumber)
        && present(platformPublicKey)
        && present(platformPublicKeyId);
  }

  /** Where the APIv2 (and v3) requests go: the sandbox's base, or WeChat's own. */
  boolean redirected() {
    return present(apiBaseUrl);
  }

  boolean hasSandbox() {
    return present(sandboxUrl);
  }

  static boolean present(String value) {
    return value != null && !value.isBlank();
  }

  /** Never prints a key. */
  @Override
  public String toString() {
    return "WechatProperties[mchid="
        + mchid
        + ", appid="
        + appid
        + ", miniProgramAppid="
        + miniProgramAppid
        + ", appAppid="
        + appAppid
        + ", hasKeys="
        + hasKeys()
        + "]";
  }

  /**
   * The properties of a stored configuration's merchant: its ids and keys, this deployment's
   * gateway, sandbox and timeouts, and notify URLs that name the configuration (the APIv3 body is
   * encrypted with the merchant's key: the address is what routes it).
   *
   * @param settings the fields {@link WechatSettingsFormat} wrote
   */
  WechatProperties forAccount(java.util.Map<String, String> settings, String configKey) {
    return new WechatProperties(
        enabled,
        settings.get(WechatSettingsFormat.MCHID),
        settings.get(WechatSettingsFormat.APPID),
        settings.get(WechatSettingsFormat.API_V3_KEY),
        settings.get(WechatSettingsFormat.V2_KEY),
        null,
        settings.get(WechatSettingsFormat.MERCHANT_PRIVATE_KEY),
        settings.get(WechatSettingsFormat.MERCHANT_SERIAL_NUMBER),
        settings.get(WechatSettingsFormat.PLATFORM_PUBLIC_KEY),
        settings.get(WechatSettingsFormat.PLATFORM_PUBLIC_KEY_ID),
        under(notifyUrl, configKey),
        under(v2NotifyUrl, configKey),
        apiBaseUrl,
        sandboxUrl,
        connectTimeout,
        readTimeout,
        notifyWindow,
        settings.get(WechatSettingsFormat.MINI_PROGRAM_APPID),
        settings.get(WechatSettingsFormat.APP_APPID),
        settings.get(WechatSettingsFormat.APP_SECRET));
  }

  private static String under(String url, String configKey) {
    return present(url) ? url.replaceAll("/+$", "") + "/" + configKey : url;
  }
}
