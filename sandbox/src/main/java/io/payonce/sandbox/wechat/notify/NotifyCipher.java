package io.payonce.sandbox.wechat.notify;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * AEAD_AES_256_GCM as WeChat encrypts a notify's resource: key = the merchant's 32-byte APIv3 key,
 * IV = the 12-character nonce, AAD = associated_data, all as UTF-8; ciphertext = Base64 of the
 * encrypted bytes followed by the 16-byte tag.
 */
final class NotifyCipher {

  private NotifyCipher() {}

  static String encrypt(String plaintext, String apiV3Key, String nonce, String associatedData) {
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(
          Cipher.ENCRYPT_MODE,
          new SecretKeySpec(apiV3Key.getBytes(StandardCharsets.UTF_8), "AES"),
          new GCMParameterSpec(128, nonce.getBytes(StandardCharsets.UTF_8)));
      cipher.updateAAD(associatedData.getBytes(StandardCharsets.UTF_8));
      return Base64.getEncoder()
          .encodeToString(cipher.doFinal(plaintext.getBytes(StandardCharsets.UTF_8)));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-256-GCM failed", e);
    }
  }
}
