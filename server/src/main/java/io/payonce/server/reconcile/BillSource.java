package io.payonce.server.reconcile;

import java.io.IOException;
import java.io.InputStream;

/** Opens a bill zip as a stream; each call starts from the beginning. */
@FunctionalInterface
public interface BillSource {

  /**
   * @throws BillUnavailableException if there is no bill to read (the channel refused, the file is
   *     missing)
   */
  InputStream open() throws IOException, BillUnavailableException;
}
