package io.payonce.server.refund;

/** The order has no successful payment to refund. */
public class OrderNotPaidException extends RuntimeException {

  public OrderNotPaidException(String orderNo) {
    super("order " + orderNo + " has no payment to refund");
  }
}
