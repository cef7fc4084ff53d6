package io.payonce.chaos.cluster;

import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.util.Base64;

/**
 * The merchant app's RSA key pair, made for the run: the public half is registered with the
 * sandbox, the private half given to every instance through its environment, never a log.
 */
public record MerchantKeys(String privateKeyBase64, String publicKeyBase64) {

  public static final String APP_ID = "2021000000000001";
  public static final String SELLER_ID = "2088000000000001";

  public static MerchantKeys generate() {
    try {
      KeyPairGenerator rsa = KeyPairGenerator.getInstance("RSA");
      rsa.initialize(2048);
      KeyPair pair = rsa.generateKeyPair();
      Base64.Encoder base64 = Base64.getEncoder();
      return new MerchantKeys(
          base64.encodeToString(pair.getPrivate().getEncoded()),
          base64.encodeToString(pair.getPublic().getEncoded()));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("RSA unavailable", e);
    }
  }

  @Override
  public String toString() {
    return "MerchantKeys[private=<hidden>]";
  }
}
