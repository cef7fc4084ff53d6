package io.payonce.server.payment;

import java.time.Duration;

/**
 * The order's QR code has expired, but not long enough ago to be sure the channel will refuse it (a
 * margin for clock skew): a new code is issued once the old one is certainly dead.
 */
public class PaymentExpiredException extends RuntimeException {

  private final Duration retryAfter;

  public PaymentExpiredException(String outTradeNo, Duration retryAfter) {
    super("the QR code of payment " + outTradeNo + " has expired");
    this.retryAfter = retryAfter;
  }

  public Duration retryAfter() {
    return retryAfter;
  }
}
