package io.payonce.server.reconcile;

/** No bill could be had: the channel refused or did not answer, or the file is not there. */
public class BillUnavailableException extends Exception {

  public BillUnavailableException(String message) {
    super(message, null, false, false);
  }
}
