package io.payonce.client;

import java.time.Instant;
import java.util.List;

/**
 * An order as the API shows it.
 *
 * @param status CREATED, PAYING, PAID, CLOSED, REFUNDING, PARTIALLY_REFUNDED, REFUNDED (new
 *     statuses may come: treat unknown ones as "not final")
 * @param paidBy the outTradeNo of the payment that paid it, or null
 * @param payments oldest first
 */
public record Order(
    String orderNo,
    String userId,
    String amount,
    String currency,
    String title,
    String status,
    String paidBy,
    Instant createdAt,
    Instant updatedAt,
    List<Payment> payments) {

  /** A payment of the order. */
  public record Payment(
      String outTradeNo,
      String channel,
      String status,
      String amount,
      String currency,
      String tradeNo,
      Instant expireTime,
      Instant createdAt,
      Instant updatedAt) {}
}
