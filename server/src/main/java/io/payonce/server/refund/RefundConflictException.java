package io.payonce.server.refund;

/** The refund number was used before for another amount. */
public class RefundConflictException extends RuntimeException {

  public RefundConflictException(String outRequestNo) {
    super("refund " + outRequestNo + " exists with another amount");
  }
}
