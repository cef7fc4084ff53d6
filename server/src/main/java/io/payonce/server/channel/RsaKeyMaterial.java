package io.payonce.server.channel;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;

/**
 * Reads RSA keys as operators paste them (PEM or bare Base64) for the channel settings formats, and
 * names a public key by its fingerprint: {@code sha256:} and the first 16 hex digits of the SHA-256
 * of its X.509 bytes, safe to show and log.
 */
public final class RsaKeyMaterial {

  private RsaKeyMaterial() {}

  /** A fresh RSA-2048 pair, as both channels ask of a merchant's key (SHA256withRSA). */
  public static KeyPair rsa2048() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("RSA is not available in this JVM", e);
    }
  }

  /** Base64 without PEM armour or line breaks; null for blank. */
  public static String compact(String key) {
    if (key == null || key.isBlank()) {
      return null;
    }
    return key.replaceAll("-----(BEGIN|END) [A-Z ]+-----", "").replaceAll("\\s", "");
  }

  /**
   * The public half of a PKCS#8 RSA private key.
   *
   * @throws InvalidChannelSettingsException naming {@code field} if it is not one
   */
  public static PublicKey publicOfPrivate(String pkcs8, String field) {
    try {
      KeyFactory rsa = KeyFactory.getInstance("RSA");
      RSAPrivateCrtKey key =
          (RSAPrivateCrtKey)
              rsa.generatePrivate(new PKCS8EncodedKeySpec(Base64.getDecoder().decode(pkcs8)));
      return rsa.generatePublic(new RSAPublicKeySpec(key.getModulus(), key.getPublicExponent()));
    } catch (GeneralSecurityException | IllegalArgumentException | ClassCastException e) {
      throw new InvalidChannelSettingsException(field, "not an RSA private key in PKCS#8");
    }
  }

  /**
   * An X.509 RSA public key.
   *
   * @throws InvalidChannelSettingsException naming {@code field} if it is not one
   */
  public static PublicKey publicKey(String x509, String field) {
    try {
      return KeyFactory.getInstance("RSA")
          .generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(x509)));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      throw new InvalidChannelSettingsException(field, "not an RSA public key in X.509");
    }
  }

  public static String fingerprint(PublicKey key) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
      return "sha256:" + HexFormat.of().formatHex(digest, 0, 8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 unavailable", e);
    }
  }
}
