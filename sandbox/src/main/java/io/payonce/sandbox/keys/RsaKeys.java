package io.payonce.sandbox.keys;

import java.nio.charset.Charset;
import java.security.GeneralSecurityException;
import java.security.Key;
import java.security.KeyFactory;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.MessageDigest;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.Signature;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.HexFormat;

/**
 * RSA keys as the channel SDKs exchange them (Base64 DER without PEM armour: X.509 public, PKCS#8
 * private) and SHA256withRSA signatures, with nothing but the JDK.
 */
public final class RsaKeys {

  private RsaKeys() {}

  public static KeyPair generate() {
    try {
      KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
      generator.initialize(2048);
      return generator.generateKeyPair();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("RSA is unavailable", e);
    }
  }

  /** Parses an X.509 SubjectPublicKeyInfo; throws IllegalArgumentException if it is not one. */
  public static PublicKey publicKey(String base64) {
    try {
      return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(decode(base64)));
    } catch (GeneralSecurityException | RuntimeException e) {
      throw new IllegalArgumentException("not a Base64 X.509 RSA public key");
    }
  }

  /** Parses a PKCS#8 private key; throws IllegalArgumentException if it is not one. */
  public static PrivateKey privateKey(String base64) {
    try {
      return KeyFactory.getInstance("RSA").generatePrivate(new PKCS8EncodedKeySpec(decode(base64)));
    } catch (GeneralSecurityException | RuntimeException e) {
      throw new IllegalArgumentException("not a Base64 PKCS#8 RSA private key");
    }
  }

  /**
   * {@code sha256:} and the first 16 hex digits of the SHA-256 of the key's encoding (X.509 DER for
   * a public key, the bytes of its Base64 form): safe to log, enough to tell two keys apart.
   * PayOnce's server computes the same for the Alipay public key it is configured with.
   */
  public static String fingerprint(PublicKey key) {
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
      return "sha256:" + HexFormat.of().formatHex(digest, 0, 8);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("SHA-256 is unavailable", e);
    }
  }

  public static String encode(Key key) {
    return Base64.getEncoder().encodeToString(key.getEncoded());
  }

  public static String sign(String content, Charset charset, PrivateKey key) {
    try {
      Signature signature = Signature.getInstance("SHA256withRSA");
      signature.initSign(key);
      signature.update(content.getBytes(charset));
      return Base64.getEncoder().encodeToString(signature.sign());
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("signing failed", e);
    }
  }

  /** False for any signature that is not valid, including one that is not even Base64. */
  public static boolean verify(
      String content, Charset charset, String signatureBase64, PublicKey key) {
    try {
      Signature signature = Signature.getInstance("SHA256withRSA");
      signature.initVerify(key);
      signature.update(content.getBytes(charset));
      return signature.verify(decode(signatureBase64));
    } catch (GeneralSecurityException | IllegalArgumentException e) {
      return false;
    }
  }

  private static byte[] decode(String base64) {
    return Base64.getDecoder().decode(base64.replaceAll("\\s", ""));
  }
}
