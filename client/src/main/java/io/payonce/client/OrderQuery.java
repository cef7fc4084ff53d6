package io.payonce.client;

import java.time.Instant;

/**
 * The order's status and its main payment (null before any), current with the channel.
 *
 * @param orderStatus as {@link Order#status()}
 */
public record OrderQuery(String orderNo, String orderStatus, Payment payment) {

  /** Whether the order is paid (refunds after the payment keep it counted as paid once). */
  public boolean paid() {
    return "PAID".equals(orderStatus)
        || "REFUNDING".equals(orderStatus)
        || "PARTIALLY_REFUNDED".equals(orderStatus)
        || "REFUNDED".equals(orderStatus);
  }

  /** The payment as the query shows it. */
  public record Payment(
      String outTradeNo, String status, String tradeNo, String amount, Instant expireTime) {}
}
