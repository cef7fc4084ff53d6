package io.payonce.client;

import java.time.Instant;

/**
 * A refund of an order's payment.
 *
 * @param outRequestNo the merchant's number for the refund: the same number again is the same
 *     refund
 * @param kind {@link #MERCHANT} (asked for), {@link #DUPLICATE} or {@link #REVERSAL} (made by
 *     PayOnce)
 * @param status {@link #PENDING} (the channel's answer is not known yet; PayOnce completes it),
 *     {@link #SUCCESS} (the money is back) or {@link #FAIL} (the channel refused it: nothing was
 *     given back, and the amount may be refunded again under a new number); final but for PENDING
 * @param detail why a refund failed, for people, or null
 */
public record Refund(
    String outTradeNo,
    String outRequestNo,
    String amount,
    String kind,
    String status,
    String detail,
    Instant createdAt,
    Instant updatedAt) {

  /** The channel's answer is not known yet; PayOnce completes the refund (see {@code refunds}). */
  public static final String PENDING = "PENDING";

  /** The channel made the refund; final. */
  public static final String SUCCESS = "SUCCESS";

  /** The channel refused the refund and nothing was given back; final. */
  public static final String FAIL = "FAIL";

  /** A refund the merchant asked for. */
  public static final String MERCHANT = "MERCHANT";

  /** PayOnce's refund of a payment that charged an order already paid or closed. */
  public static final String DUPLICATE = "DUPLICATE";

  /** PayOnce's refund of a payment-code charge it had to cancel. */
  public static final String REVERSAL = "REVERSAL";

  public boolean pending() {
    return PENDING.equals(status);
  }

  /** Whether the money is back. */
  public boolean succeeded() {
    return SUCCESS.equals(status);
  }

  /** Whether the channel refused the refund (answered 200 like a success: check it). */
  public boolean failed() {
    return FAIL.equals(status);
  }
}
