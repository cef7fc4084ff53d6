package io.payonce.client;

import java.time.Instant;

/**
 * A refund of an order's payment.
 *
 * @param outRequestNo the merchant's number for the refund: the same number again is the same
 *     refund
 * @param kind MERCHANT (asked for), DUPLICATE or REVERSAL (made by PayOnce)
 * @param status PENDING, SUCCESS or FAILED
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

  public boolean pending() {
    return "PENDING".equals(status);
  }
}
