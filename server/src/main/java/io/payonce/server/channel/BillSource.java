package io.payonce.server.channel;

import java.io.IOException;
import java.io.InputStream;

/**
 * Opens a bill as its channel serves it (Alipay: a zip), for {@link ChannelBills#read}; each call
 * starts from the beginning.
 */
@FunctionalInterface
public interface BillSource {

  /**
   * @throws BillUnavailableException if there is no bill to read (the channel refused, the file is
   *     missing)
   */
  InputStream open() throws IOException, BillUnavailableException;
}
