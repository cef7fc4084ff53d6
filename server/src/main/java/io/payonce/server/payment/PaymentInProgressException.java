package io.payonce.server.payment;

import java.time.Duration;

/** Another request is making this order's channel call right now; ask again after a moment. */
public class PaymentInProgressException extends RuntimeException {

  private final Duration retryAfter;

  public PaymentInProgressException(String outTradeNo, Duration retryAfter) {
    super("payment " + outTradeNo + " is being created by another request");
    this.retryAfter = retryAfter;
  }

  public Duration retryAfter() {
    return retryAfter;
  }
}
