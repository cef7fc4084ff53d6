package io.payonce.server.alipay;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelSettingsFormat;
import io.payonce.server.channel.InvalidChannelSettingsException;
import io.payonce.server.channel.RsaKeyMaterial;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * An app's Alipay account: {@code appId} (required), {@code privateKey} (the app's RSA private key,
 * PKCS#8 Base64), {@code alipayPublicKey} (Alipay's platform key, X.509 Base64) and {@code
 * sellerId} (optional, 2088…). With a sandbox configured ({@code payonce.alipay.sandbox-url}) the
 * keys may be left out: a key pair is generated and registered with the sandbox at the first use,
 * as for the bootstrap configuration.
 */
class AlipaySettingsFormat implements ChannelSettingsFormat {

  static final String APP_ID = "appId";
  static final String PRIVATE_KEY = "privateKey";
  static final String ALIPAY_PUBLIC_KEY = "alipayPublicKey";
  static final String SELLER_ID = "sellerId";

  private final AlipayProperties bootstrap;

  AlipaySettingsFormat(AlipayProperties bootstrap) {
    this.bootstrap = bootstrap;
  }

  @Override
  public Channel channel() {
    return Channel.ALIPAY;
  }

  @Override
  public java.util.List<String> fields() {
    return java.util.List.of(APP_ID, PRIVATE_KEY, ALIPAY_PUBLIC_KEY, SELLER_ID);
  }

  @Override
  public ParsedSettings parse(Map<String, String> fields) {
    String appId = trimmed(fields.get(APP_ID));
    if (appId == null || !appId.matches("[0-9A-Za-z_-]{1,32}")) {
      throw new InvalidChannelSettingsException(APP_ID, "required, 1 to 32 letters or digits");
    }
    if (appId.equals(bootstrap.appId())) {
      throw new InvalidChannelSettingsException(
          APP_ID, "is the deployment's own account (payonce.alipay.app-id)");
    }
    String sellerId = trimmed(fields.get(SELLER_ID));
    if (sellerId != null && !sellerId.matches("[0-9]{1,32}")) {
      throw new InvalidChannelSettingsException(SELLER_ID, "must be digits (2088…)");
    }
    String privateKey = RsaKeyMaterial.compact(fields.get(PRIVATE_KEY));
    String alipayPublicKey = RsaKeyMaterial.compact(fields.get(ALIPAY_PUBLIC_KEY));
    boolean sandbox = AlipayKeysResolver.hasSandbox(bootstrap);
    if (!sandbox && (privateKey == null || alipayPublicKey == null)) {
      throw new InvalidChannelSettingsException(
          privateKey == null ? PRIVATE_KEY : ALIPAY_PUBLIC_KEY, "required");
    }
    Map<String, String> settings = new LinkedHashMap<>();
    Map<String, String> summary = new LinkedHashMap<>();
    settings.put(APP_ID, appId);
    summary.put(APP_ID, appId);
    if (sellerId != null) {
      settings.put(SELLER_ID, sellerId);
      summary.put(SELLER_ID, sellerId);
    }
    if (privateKey != null) {
      summary.put(
          "merchantPublicKeyFingerprint",
          RsaKeyMaterial.fingerprint(RsaKeyMaterial.publicOfPrivate(privateKey, PRIVATE_KEY)));
      settings.put(PRIVATE_KEY, privateKey);
    } else {
      summary.put("merchantKeys", "generated at first use, registered with the sandbox");
    }
    if (alipayPublicKey != null) {
      summary.put(
          "alipayPublicKeyFingerprint",
          RsaKeyMaterial.fingerprint(RsaKeyMaterial.publicKey(alipayPublicKey, ALIPAY_PUBLIC_KEY)));
      settings.put(ALIPAY_PUBLIC_KEY, alipayPublicKey);
    }
    return new ParsedSettings(appId, settings, summary);
  }

  private static String trimmed(String value) {
    return value == null || value.isBlank() ? null : value.strip();
  }
}
