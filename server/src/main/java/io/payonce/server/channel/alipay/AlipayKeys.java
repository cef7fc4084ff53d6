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

  /**
   * A configured merchant private key, with its public half derived, for registering with a sandbox
   * (several instances then share one app and one key, as production instances do).
   */
  static AlipayKeys fromPrivateKey(String merchantPrivateKey, String alipayPublicKey) {
    try {
      java.security.KeyFactory rsa = java.security.KeyFactory.getInstance("RSA");
      var privateKey =
          (java.security.interfaces.RSAPrivateCrtKey)
              rsa.generatePrivate(
                  new java.security.spec.PKCS8EncodedKeySpec(
                      Base64.getDecoder().decode(merchantPrivateKey)));
      var publicKey =
          rsa.generatePublic(
              new java.security.spec.RSAPublicKeySpec(
                  privateKey.getModulus(), privateKey.getPublicExponent()));
      return new AlipayKeys(
          merchantPrivateKey,
          Base64.getEncoder().encodeToString(publicKey.getEncoded()),
          alipayPublicKey);
    } catch (java.security.GeneralSecurityException
        | IllegalArgumentException
        | ClassCastException e) {
      throw new IllegalStateException("payonce.alipay.private-key is not an RSA PKCS#8 key", e);
    }
  }

  @Override
  public String toString() {
    return "AlipayKeys[merchantPrivateKey=<hidden>]";
  }
}
