package io.payonce.sandbox.persistence;

import io.payonce.sandbox.SandboxProperties;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Optional;
import org.springframework.stereotype.Component;
import tools.jackson.databind.json.JsonMapper;

/**
 * Reads and atomically replaces JSON state files in the sandbox data directory.
 *
 * <p>Uses its own mapper rather than the host's, so host settings cannot change the file format.
 */
@Component
class StateFile {

  private final JsonMapper json = JsonMapper.builder().build();
  private final Path dataDir;

  StateFile(SandboxProperties properties) {
    this.dataDir = properties.getDataDir();
  }

  <T> Optional<T> read(String name, Class<T> type) {
    Path file = dataDir.resolve(name);
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    return Optional.of(json.readValue(file.toFile(), type));
  }

  void write(String name, Object state) {
    try {
      Files.createDirectories(dataDir);
      Path temp = dataDir.resolve(name + ".tmp");
      json.writeValue(temp.toFile(), state);
      Files.move(
          temp,
          dataDir.resolve(name),
          StandardCopyOption.REPLACE_EXISTING,
          StandardCopyOption.ATOMIC_MOVE);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot write sandbox state " + name, e);
    }
  }
}
