package io.payonce.server.order;

import io.payonce.server.money.Money;
import java.time.Instant;

/** A business order as stored. */
public record Order(
    long id,
    String orderNo,
    String userId,
    Money amount,
    String title,
    OrderStatus status,
    Instant createdAt,
    Instant updatedAt,
    long version) {

  /** Whether a create request for this order's number asked for exactly this order. */
  public boolean matches(NewOrder request) {
    return orderNo.equals(request.orderNo())
        && userId.equals(request.userId())
        && amount.equals(request.amount())
        && title.equals(request.title());
  }
}
