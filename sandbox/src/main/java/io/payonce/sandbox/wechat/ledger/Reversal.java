package io.payonce.sandbox.wechat.ledger;

import java.time.Instant;

/**
 * A payment-code order reversed ({@code /secapi/pay/reverse}): {@code close} when it was unpaid,
 * {@code refund} when the buyer had paid and got {@code refunded} fen back.
 */
public record Reversal(String action, Instant at, long refunded) {

  public static final String CLOSE = "close";
  public static final String REFUND = "refund";
}
