package io.payonce.server.wechat;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
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

  /** A fresh merchant (RSA-2048 pair, serial, APIv3 and APIv2 keys) for a sandbox. */
  static WechatKeys generateForSandbox(String platformPublicKey, String platformPublicKeyId) {
    KeyPair pair = rsa2048();
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

  private static KeyPair rsa2048() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return generator.generateKeyPair();
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("RSA is not available in this JVM", e);
    }
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
