package io.payonce.server.channel.alipay;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * The key material the SDK needs: the merchant's private key and Alipay's platform public key, both
 * Base64 without PEM armour. {@link #toString()} never prints the private key.
 */
record AlipayKeys(String merchantPrivateKey, String merchantPublicKey, String alipayPublicKey) {

  /** A fresh merchant key pair, for the sandbox only; Alipay's key comes from the sandbox. */
  static AlipayKeys generateForSandbox(String alipayPublicKey) {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      KeyPair pair = generator.generateKeyPair();
      Base64.Encoder b64 = Base64.getEncoder();
      return new AlipayKeys(
          b64.encodeToString(pair.getPrivate().getEncoded()),
          b64.encodeToString(pair.getPublic().getEncoded()),
          alipayPublicKey);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("RSA is not available in this JVM", e);
    }
  }

  @Override
  public String toString() {
    return "AlipayKeys[merchantPrivateKey=<hidden>]";
  }
}
