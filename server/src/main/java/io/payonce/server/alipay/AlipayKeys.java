package io.payonce.server.alipay;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;

/**
 * The key material the SDK needs: the merchant's private key and Alipay's platform public key, both
 * Base64 without PEM armour. {@link #toString()} never prints the private key.
 */
record AlipayKeys(String merchantPrivateKey, String merchantPublicKey, String alipayPublicKey) {

  /** A fresh merchant key pair, for the sandbox only; Alipay's key comes from the sandbox. */
  static AlipayKeys generateForSandbox(String alipayPublicKey) {
    KeyPair pair = io.payonce.server.channel.SandboxKeyPairs.next();
    Base64.Encoder b64 = Base64.getEncoder();
    return new AlipayKeys(
        b64.encodeToString(pair.getPrivate().getEncoded()),
        b64.encodeToString(pair.getPublic().getEncoded()),
        alipayPublicKey);
  }

  /**
   * A configured merchant private key, with its public half derived, for registering with a sandbox
   * (several instances then share one app and one key, as production instances do).
   */
  static AlipayKeys fromPrivateKey(String merchantPrivateKey, String alipayPublicKey) {
    try {
      return new AlipayKeys(
          merchantPrivateKey,
          Base64.getEncoder()
              .encodeToString(
                  io.payonce.server.channel.RsaKeyMaterial.publicOfPrivate(
                          merchantPrivateKey, "payonce.alipay.private-key")
                      .getEncoded()),
          alipayPublicKey);
    } catch (io.payonce.server.channel.InvalidChannelSettingsException e) {
      throw new IllegalStateException("payonce.alipay.private-key is not an RSA PKCS#8 key", e);
    }
  }

  /**
   * {@code sha256:} and the first 16 hex digits of the SHA-256 of an RSA public key's X.509 bytes
   * (its Base64 decoded): what the sandbox logs for its platform key, safe to log, for an operator
   * to compare. Throws IllegalStateException naming {@code property} if it is not such a key.
   */
  static String fingerprint(String x509Base64, String property) {
    try {
      PublicKey key =
          KeyFactory.getInstance("RSA")
              .generatePublic(
                  new X509EncodedKeySpec(
                      // Line breaks, as `base64` writes them, do not make another key.
                      Base64.getDecoder().decode(x509Base64.replaceAll("\\s", ""))));
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
      return "sha256:" + HexFormat.of().formatHex(digest, 0, 8);
    } catch (GeneralSecurityException | IllegalArgumentException | NullPointerException e) {
      throw new IllegalStateException(
          property + " is not an RSA public key in X.509 Base64 (without PEM armour)");
    }
  }

  @Override
  public String toString() {
    return "AlipayKeys[merchantPrivateKey=<hidden>]";
  }
}
