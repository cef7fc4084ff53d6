package io.payonce.sandbox.keys;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.util.Properties;

/** A key pair kept in a small properties file, generated the first time it is asked for. */
public final class PersistentKeyPair {

  private PersistentKeyPair() {}

  public static KeyPair loadOrCreate(Path file) {
    try {
      if (Files.exists(file)) {
        return load(file);
      }
      KeyPair pair = RsaKeys.generate();
      save(file, pair);
      return pair;
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

  private static void save(Path file, KeyPair pair) throws IOException {
    Files.createDirectories(file.toAbsolutePath().getParent());
    Properties properties = new Properties();
    properties.setProperty("publicKey", RsaKeys.encode(pair.getPublic()));
    properties.setProperty("privateKey", RsaKeys.encode(pair.getPrivate()));
    try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      properties.store(writer, "sandbox platform key pair (test only, never production)");
    }
  }
}
