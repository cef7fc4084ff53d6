package io.payonce.server.payment;

/** No payment has the given id or number. */
public class PaymentNotFoundException extends RuntimeException {

  public PaymentNotFoundException(String what) {
    super("no payment " + what);
  }
}
