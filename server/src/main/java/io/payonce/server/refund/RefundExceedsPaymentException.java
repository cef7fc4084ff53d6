package io.payonce.server.refund;

/** The refunds of a payment, this one included, would exceed what was paid. */
public class RefundExceedsPaymentException extends RuntimeException {

  public RefundExceedsPaymentException(String outTradeNo) {
    super("refunds of payment " + outTradeNo + " would exceed the amount paid");
  }
}
