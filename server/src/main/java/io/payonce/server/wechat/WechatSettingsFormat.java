package io.payonce.server.wechat;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelSettingsFormat;
import io.payonce.server.channel.InvalidChannelSettingsException;
import io.payonce.server.channel.RsaKeyMaterial;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An app's WeChat Pay merchant: {@code mchid} and {@code appid} (required), and its keys: {@code
 * apiV3Key} and {@code v2Key} (32 characters each), {@code merchantPrivateKey} (PKCS#8, PEM or
 * Base64), {@code merchantSerialNumber}, {@code platformPublicKey} (the "WeChat Pay public key",
 * X.509, PEM or Base64) and {@code platformPublicKeyId}; optionally {@code v2Certificate}, the
 * merchant API certificate ({@code apiclient_cert.p12}, Base64; its password is the mchid), which
 * APIv2 reverse (a payment code's cancel) needs for mutual TLS at WeChat Pay, and {@code
 * miniProgramAppid}, the mini-program's own app id (without it no mini-program payment is offered),
 * and {@code appAppid}, the mobile app's own app id (without it no App payment is offered). With a
 * sandbox configured ({@code payonce.wechat.sandbox-url}) the keys may all be left out: a merchant
 * is generated and registered with the sandbox at the first use, as for the bootstrap
 * configuration.
 */
class WechatSettingsFormat implements ChannelSettingsFormat {

  static final String MCHID = "mchid";
  static final String APPID = "appid";
  static final String API_V3_KEY = "apiV3Key";
  static final String V2_KEY = "v2Key";
  static final String MERCHANT_PRIVATE_KEY = "merchantPrivateKey";
  static final String MERCHANT_SERIAL_NUMBER = "merchantSerialNumber";
  static final String PLATFORM_PUBLIC_KEY = "platformPublicKey";
  static final String PLATFORM_PUBLIC_KEY_ID = "platformPublicKeyId";
  static final String V2_CERTIFICATE = "v2Certificate";
  static final String MINI_PROGRAM_APPID = "miniProgramAppid";
  static final String APP_APPID = "appAppid";
  static final String APP_SECRET = "appSecret";

  private static final List<String> KEYS =
      List.of(
          API_V3_KEY,
          V2_KEY,
          MERCHANT_PRIVATE_KEY,
          MERCHANT_SERIAL_NUMBER,
          PLATFORM_PUBLIC_KEY,
          PLATFORM_PUBLIC_KEY_ID);

  private final WechatProperties bootstrap;

  WechatSettingsFormat(WechatProperties bootstrap) {
    this.bootstrap = bootstrap;
  }

  @Override
  public Channel channel() {
    return Channel.WECHAT;
  }

  @Override
  public java.util.List<String> fields() {
    return java.util.List.of(
        MCHID,
        APPID,
        API_V3_KEY,
        V2_KEY,
        MERCHANT_PRIVATE_KEY,
        MERCHANT_SERIAL_NUMBER,
        PLATFORM_PUBLIC_KEY,
        PLATFORM_PUBLIC_KEY_ID,
        V2_CERTIFICATE,
        MINI_PROGRAM_APPID,
        APP_APPID,
        APP_SECRET);
  }

  @Override
  public ParsedSettings parse(Map<String, String> fields) {
    String mchid = required(fields, MCHID, "[0-9]{1,32}", "digits");
    if (mchid.equals(bootstrap.mchid())) {
      throw new InvalidChannelSettingsException(
          MCHID, "is the deployment's own merchant (payonce.wechat.mchid)");
    }
    String appid = required(fields, APPID, "[0-9A-Za-z_-]{1,32}", "letters or digits");
    Map<String, String> settings = new LinkedHashMap<>();
    Map<String, String> summary = new LinkedHashMap<>();
    settings.put(MCHID, mchid);
    settings.put(APPID, appid);
    summary.put(MCHID, mchid);
    summary.put(APPID, appid);
    if (present(fields.get(MINI_PROGRAM_APPID))) {
      String mini =
          required(fields, MINI_PROGRAM_APPID, "[0-9A-Za-z_-]{1,32}", "letters or digits");
      settings.put(MINI_PROGRAM_APPID, mini);
      summary.put(MINI_PROGRAM_APPID, mini);
    }
    if (present(fields.get(APP_APPID))) {
      String app = required(fields, APP_APPID, "[0-9A-Za-z_-]{1,32}", "letters or digits");
      settings.put(APP_APPID, app);
      summary.put(APP_APPID, app);
    }
    if (present(fields.get(APP_SECRET))) {
      // The official account's AppSecret: its cashier signs buyers in (WeChat's web OAuth). A
      // secret, stored encrypted with the keys; the summary only says it is there.
      settings.put(APP_SECRET, required(fields, APP_SECRET, "[0-9A-Za-z]{32}", "32 characters"));
      summary.put(APP_SECRET, "set");
    }
    if (present(fields.get(V2_CERTIFICATE))) {
      String certificate = fields.get(V2_CERTIFICATE).strip();
      summary.putAll(MerchantCertificate.describe(certificate, mchid, V2_CERTIFICATE));
      settings.put(V2_CERTIFICATE, certificate);
    }
    boolean anyKey = KEYS.stream().anyMatch(k -> present(fields.get(k)));
    if (!anyKey && bootstrap.hasSandbox()) {
      summary.put("merchantKeys", "generated at first use, registered with the sandbox");
      return new ParsedSettings(mchid, settings, summary);
    }
    settings.put(API_V3_KEY, required(fields, API_V3_KEY, "[0-9A-Za-z]{32}", "32 characters"));
    settings.put(V2_KEY, required(fields, V2_KEY, "[0-9A-Za-z]{32}", "32 characters"));
    String serial = required(fields, MERCHANT_SERIAL_NUMBER, "[0-9A-Fa-f]{1,64}", "hex");
    String publicKeyId = required(fields, PLATFORM_PUBLIC_KEY_ID, "[0-9A-Za-z_]{1,64}", "an id");
    String privateKey = RsaKeyMaterial.compact(fields.get(MERCHANT_PRIVATE_KEY));
    String platformKey = RsaKeyMaterial.compact(fields.get(PLATFORM_PUBLIC_KEY));
    if (privateKey == null || platformKey == null) {
      throw new InvalidChannelSettingsException(
          privateKey == null ? MERCHANT_PRIVATE_KEY : PLATFORM_PUBLIC_KEY, "required");
    }
    summary.put(
        "merchantKeyFingerprint",
        RsaKeyMaterial.fingerprint(
            RsaKeyMaterial.publicOfPrivate(privateKey, MERCHANT_PRIVATE_KEY)));
    summary.put(
        "platformPublicKeyFingerprint",
        RsaKeyMaterial.fingerprint(RsaKeyMaterial.publicKey(platformKey, PLATFORM_PUBLIC_KEY)));
    summary.put(MERCHANT_SERIAL_NUMBER, serial);
    summary.put(PLATFORM_PUBLIC_KEY_ID, publicKeyId);
    settings.put(MERCHANT_PRIVATE_KEY, privateKey);
    settings.put(MERCHANT_SERIAL_NUMBER, serial);
    settings.put(PLATFORM_PUBLIC_KEY, platformKey);
    settings.put(PLATFORM_PUBLIC_KEY_ID, publicKeyId);
    return new ParsedSettings(mchid, settings, summary);
  }

  private static String required(
      Map<String, String> fields, String name, String pattern, String what) {
    String value = fields.get(name);
    if (!present(value) || !value.strip().matches(pattern)) {
      throw new InvalidChannelSettingsException(name, "required: " + what);
    }
    return value.strip();
  }

  private static boolean present(String value) {
    return value != null && !value.isBlank();
  }
}
