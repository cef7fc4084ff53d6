package io.payonce.sandbox.keys;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;

/**
 * A channel's platform key pair, which signs its replies and notifies: the one configured by
 * properties, or the one kept in a file of the data dir, generated on first start.
 *
 * @param file where the pair is kept (absolute), or null when it is configured
 * @param created whether this start generated it
 */
public record PlatformKeyPair(KeyPair pair, Path file, boolean created) {

  /** The configured pair when a private key is configured, else the pair in {@code fileName}. */
  public static PlatformKeyPair load(
      String configuredPublicKey, String configuredPrivateKey, Path dataDir, String fileName) {
    if (configuredPrivateKey != null) {
      return new PlatformKeyPair(
          PersistentKeyPair.of(configuredPublicKey, configuredPrivateKey), null, false);
    }
    Path file = dataDir.resolve(fileName).toAbsolutePath().normalize();
    boolean existed = Files.exists(file);
    return new PlatformKeyPair(PersistentKeyPair.loadOrCreate(file), file, !existed);
  }

  public boolean configured() {
    return file == null;
  }
}
