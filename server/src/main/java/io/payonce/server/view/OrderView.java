package io.payonce.server.view;

import io.payonce.server.order.Order;
import io.payonce.server.payment.Payment;
import java.time.Instant;
import java.util.List;

/**
 * An order as the API shows it; amounts are decimal strings, never JSON numbers. {@code paidBy} is
 * the out_trade_no of the payment that paid it (a second success is a duplicate, refunded).
 *
 * @param payments the order's payments, oldest first
 */
public record OrderView(
    String orderNo,
    String userId,
    String amount,
    String currency,
    String title,
    String status,
    String paidBy,
    Instant createdAt,
    Instant updatedAt,
    List<PaymentView> payments) {

  static OrderView of(Order order, List<Payment> payments) {
    return new OrderView(
        order.orderNo(),
        order.userId(),
        order.amount().toDecimalString(),
        order.amount().currency(),
        order.title(),
        order.status().name(),
        payments.stream()
            .filter(p -> Long.valueOf(p.payId()).equals(order.paidBy()))
            .map(Payment::outTradeNo)
            .findFirst()
            .orElse(null),
        order.createdAt(),
        order.updatedAt(),
        payments.stream().map(PaymentView::of).toList());
  }

  /** A payment of the order as the API shows it. */
  public record PaymentView(
      String outTradeNo,
      String channel,
      String status,
      String amount,
      String currency,
      String tradeNo,
      Instant expireTime,
      Instant createdAt,
      Instant updatedAt) {

    static PaymentView of(Payment payment) {
      return new PaymentView(
          payment.outTradeNo(),
          payment.channel().name(),
          payment.status().name(),
          payment.amount().toDecimalString(),
          payment.amount().currency(),
          payment.tradeNo(),
          payment.expireTime(),
          payment.createdAt(),
          payment.updatedAt());
    }
  }
}
