package io.payonce.server.payment;

/** The order's QR code has expired; the cashier asks for a new one explicitly. */
public class PaymentExpiredException extends RuntimeException {

  public PaymentExpiredException(String outTradeNo) {
    super("the QR code of payment " + outTradeNo + " has expired");
  }
}
