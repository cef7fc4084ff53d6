package io.payonce.server.wechat;

import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The key material of one merchant in public-key mode. {@link #toString()} prints no secret.
 *
 * @param merchantPublicKey Base64 X.509; known only for a generated merchant (sandbox)
 */
record WechatKeys(
    String merchantPrivateKey,
    String merchantPublicKey,
    String merchantSerialNumber,
    String apiV3Key,
    String v2Key,
    String platformPublicKey,
    String platformPublicKeyId) {

  private static final String ALPHANUMERIC =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  private static final SecureRandom RANDOM = new SecureRandom();

  static WechatKeys configured(WechatProperties props) {
    return new WechatKeys(
        props.merchantPrivateKey(),
        null,
        props.merchantSerialNumber(),
        props.apiV3Key(),
        props.v2Key(),
        props.platformPublicKey(),
        props.platformPublicKeyId());
  }

  /**
   * The configured merchant, to be registered with a sandbox: every instance of a deployment
   * registers the same keys, so none of them replaces another's (a generated merchant per instance
   * would leave only the last one to start able to call).
   *
   * @throws IllegalStateException if only some of the merchant's keys are configured
   */
  static WechatKeys configuredForSandbox(
      WechatProperties props, String platformPublicKey, String platformPublicKeyId) {
    java.util.List<String> missing = new java.util.ArrayList<>();
    if (!WechatProperties.present(props.merchantSerialNumber())) {
      missing.add("payonce.wechat.merchant-serial-number");
    }
    if (!WechatProperties.present(props.apiV3Key())) {
      missing.add("payonce.wechat.api-v3-key");
    }
    if (!WechatProperties.present(props.v2Key())) {
      missing.add("payonce.wechat.v2-key");
    }
    if (!missing.isEmpty()) {
      throw new IllegalStateException(
          "payonce.wechat.merchant-private-key is set, so the sandbox gets this merchant: set "
              + String.join(", ", missing)
              + " too (the same on every instance)");
    }
    String privateKey =
        io.payonce.server.channel.RsaKeyMaterial.compact(props.merchantPrivateKey());
    return new WechatKeys(
        privateKey,
        Base64.getEncoder()
            .encodeToString(
                io.payonce.server.channel.RsaKeyMaterial.publicOfPrivate(
                        privateKey, "payonce.wechat.merchant-private-key")
                    .getEncoded()),
        props.merchantSerialNumber(),
        props.apiV3Key(),
        props.v2Key(),
        platformPublicKey,
        platformPublicKeyId);
  }

  /**
   * A fresh merchant (RSA-2048 pair, serial, APIv3 and APIv2 keys) for a sandbox: one instance's
   * demo only.
   */
  static WechatKeys generateForSandbox(String platformPublicKey, String platformPublicKeyId) {
    KeyPair pair = io.payonce.server.channel.SandboxKeyPairs.next();
    Base64.Encoder b64 = Base64.getEncoder();
    byte[] serial = new byte[20];
    RANDOM.nextBytes(serial);
    return new WechatKeys(
        b64.encodeToString(pair.getPrivate().getEncoded()),
        b64.encodeToString(pair.getPublic().getEncoded()),
        HexFormat.of().withUpperCase().formatHex(serial),
        randomKey(),
        randomKey(),
        platformPublicKey,
        platformPublicKeyId);
  }

  /** 32 ASCII characters, as WeChat's APIv3 and APIv2 keys are. */
  private static String randomKey() {
    StringBuilder key = new StringBuilder(32);
    for (int i = 0; i < 32; i++) {
      key.append(ALPHANUMERIC.charAt(RANDOM.nextInt(ALPHANUMERIC.length())));
    }
    return key.toString();
  }

  @Override
  public String toString() {
    return "WechatKeys[serial="
        + merchantSerialNumber
        + ", publicKeyId="
        + platformPublicKeyId
        + "]";
  }
}
