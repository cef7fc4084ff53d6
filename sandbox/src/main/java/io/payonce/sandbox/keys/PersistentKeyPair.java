package io.payonce.sandbox.keys;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Properties;

/** A key pair kept in a small properties file, generated the first time it is asked for. */
public final class PersistentKeyPair {

  private PersistentKeyPair() {}

  public static KeyPair loadOrCreate(Path file) {
    try {
      return Files.exists(file) ? load(file) : create(file);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the key pair in " + file, e);
    }
  }

  public static KeyPair of(String publicKeyBase64, String privateKeyBase64) {
    return new KeyPair(RsaKeys.publicKey(publicKeyBase64), RsaKeys.privateKey(privateKeyBase64));
  }

  private static KeyPair load(Path file) throws IOException {
    Properties properties = new Properties();
    try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      properties.load(reader);
    }
    return of(properties.getProperty("publicKey"), properties.getProperty("privateKey"));
  }

  /**
   * Writes a new pair beside the file and renames it into place, so that a sandbox starting at the
   * same moment (the default data dir is shared by every sandbox of the user) never reads half a
   * file, and the first pair written is the one both keep.
   */
  private static KeyPair create(Path file) throws IOException {
    Path dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    // A temporary file is readable by its owner only: so then is the key file.
    Path temp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
    try {
      KeyPair pair = RsaKeys.generate();
      write(temp, pair);
      Files.move(temp, file);
      return pair;
    } catch (FileAlreadyExistsException anotherSandboxWasFirst) {
      return load(file);
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  private static void write(Path file, KeyPair pair) throws IOException {
    Properties properties = new Properties();
    properties.setProperty("publicKey", RsaKeys.encode(pair.getPublic()));
    properties.setProperty("privateKey", RsaKeys.encode(pair.getPrivate()));
    try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      properties.store(writer, "sandbox platform key pair (test only, never production)");
    }
  }
}
