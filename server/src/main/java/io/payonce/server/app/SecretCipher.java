package io.payonce.server.app;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.stereotype.Component;

/**
 * Encrypts the apps' secrets at rest: AES-256-GCM under the master key, a fresh 96-bit IV per
 * value, the app's id as associated data (a ciphertext moved to another app's row does not
 * decrypt). Stored as {@code v1:<Base64 of IV and ciphertext>}. The master key comes from the
 * environment or a file, never from the database, and is never logged.
 */
@Component
class SecretCipher {

  private static final Logger log = LoggerFactory.getLogger(SecretCipher.class);
  private static final String PREFIX = "v1:";
  private static final int IV_BYTES = 12;
  private static final int TAG_BITS = 128;

  private final SecretKeySpec key;
  private final SecureRandom random = new SecureRandom();

  @Autowired
  SecretCipher(AppProperties props) {
    this(masterKey(props));
  }

  SecretCipher(byte[] masterKey) {
    if (masterKey.length != 32) {
      throw new IllegalStateException("payonce.apps master key must be 32 bytes (Base64)");
    }
    this.key = new SecretKeySpec(masterKey, "AES");
  }

  String encrypt(String appId, String secret) {
    byte[] iv = new byte[IV_BYTES];
    random.nextBytes(iv);
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.ENCRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, iv));
      cipher.updateAAD(appId.getBytes(StandardCharsets.UTF_8));
      byte[] ciphertext = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
      byte[] out = new byte[IV_BYTES + ciphertext.length];
      System.arraycopy(iv, 0, out, 0, IV_BYTES);
      System.arraycopy(ciphertext, 0, out, IV_BYTES, ciphertext.length);
      return PREFIX + Base64.getEncoder().encodeToString(out);
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("AES-GCM unavailable", e);
    }
  }

  /** How many characters {@link #encrypt} makes of {@code plain}: to check a column fits first. */
  static int sealedLength(String plain) {
    int bytes = IV_BYTES + plain.getBytes(StandardCharsets.UTF_8).length + TAG_BITS / 8;
    return PREFIX.length() + 4 * ((bytes + 2) / 3);
  }

  /**
   * The secret.
   *
   * @throws SecretUnreadableException the value was not sealed for this owner under this key, or is
   *     no sealed value at all
   */
  String decrypt(String appId, String stored) {
    if (stored == null || !stored.startsWith(PREFIX)) {
      throw new SecretUnreadableException(appId);
    }
    byte[] in;
    try {
      in = Base64.getDecoder().decode(stored.substring(PREFIX.length()));
    } catch (IllegalArgumentException notBase64) {
      throw new SecretUnreadableException(appId);
    }
    if (in.length <= IV_BYTES) {
      throw new SecretUnreadableException(appId);
    }
    try {
      Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
      cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, in, 0, IV_BYTES));
      cipher.updateAAD(appId.getBytes(StandardCharsets.UTF_8));
      return new String(cipher.doFinal(in, IV_BYTES, in.length - IV_BYTES), StandardCharsets.UTF_8);
    } catch (GeneralSecurityException e) {
      // Not the secret's value in the message: only which app's could not be opened.
      throw new SecretUnreadableException(appId);
    }
  }

  private static byte[] masterKey(AppProperties props) {
    if (props.masterKey() != null && !props.masterKey().isBlank()) {
      return decode(props.masterKey().strip());
    }
    if (props.masterKeyFile() == null || props.masterKeyFile().isBlank()) {
      throw new IllegalStateException(
          "No master key: set PAYONCE_APPS_MASTER_KEY (Base64 of 32 bytes) or"
              + " payonce.apps.master-key-file");
    }
    Path file = Path.of(props.masterKeyFile());
    try {
      if (Files.notExists(file) && props.generateMasterKey()) {
        generate(file);
      }
      return decode(Files.readString(file, StandardCharsets.US_ASCII).strip());
    } catch (IOException e) {
      throw new UncheckedIOException("master key file unreadable: " + file, e);
    }
  }

  private static void generate(Path file) throws IOException {
    byte[] fresh = new byte[32];
    new SecureRandom().nextBytes(fresh);
    Path parent = file.toAbsolutePath().getParent();
    if (parent != null) {
      Files.createDirectories(parent);
    }
    Files.writeString(file, Base64.getEncoder().encodeToString(fresh) + "\n");
    try {
      Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system: the file keeps the directory's permissions.
    }
    log.warn("master key generated file={} (keep it: the apps' secrets need it)", file);
  }

  private static byte[] decode(String base64) {
    try {
      return Base64.getDecoder().decode(base64);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("payonce.apps master key is not Base64");
    }
  }
}
