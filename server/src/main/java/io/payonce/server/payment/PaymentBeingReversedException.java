package io.payonce.server.payment;

import java.time.Duration;

/**
 * The order's payment-code payment is being reversed at the channel: its outcome is settled by the
 * reversal's answer (the janitor asks again), and the order takes no other payment until then.
 */
public class PaymentBeingReversedException extends RuntimeException {

  private final Duration retryAfter;

  public PaymentBeingReversedException(String outTradeNo, Duration retryAfter) {
    super("payment " + outTradeNo + " is being reversed at the channel");
    this.retryAfter = retryAfter;
  }

  public Duration retryAfter() {
    return retryAfter;
  }
}
