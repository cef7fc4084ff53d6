package io.payonce.server.reconcile;

import io.payonce.server.channel.BillSource;
import io.payonce.server.channel.BillUnavailableException;
import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** A bill zip on disk, given by hand. */
public record FileBillSource(Path file) implements BillSource {

  @Override
  public InputStream open() throws IOException, BillUnavailableException {
    if (!Files.isRegularFile(file)) {
      throw new BillUnavailableException("no bill file at " + file);
    }
    return new BufferedInputStream(Files.newInputStream(file), 1 << 16);
  }
}
