package io.payonce.server.channel;

/** A bill file that cannot be trusted as a whole: truncated, wrongly encoded, or framed badly. */
public class BillFormatException extends Exception {

  public BillFormatException(String message) {
    super(message, null, false, false);
  }
}
