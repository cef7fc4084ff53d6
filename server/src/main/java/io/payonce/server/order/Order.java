package io.payonce.server.order;

import io.payonce.server.money.Money;
import java.time.Instant;

/**
 * A business order as stored.
 *
 * @param appId the app that owns the order
 * @param paidBy the payment that paid the order (null until it is paid): a second success for the
 *     order is a duplicate, never this
 */
public record Order(
    long id,
    String appId,
    String orderNo,
    String userId,
    Money amount,
    String title,
    OrderStatus status,
    Long paidBy,
    Instant createdAt,
    Instant updatedAt,
    long version) {

  /**
   * The order's business identity: its number and when it was created (a number used again after a
   * database was reset is another order). Events derive their ids from it.
   */
  public String identity() {
    return "order " + appId + "/" + orderNo + " created " + createdAt;
  }

  /** The order's reference: its app and number. */
  public OrderRef ref() {
    return new OrderRef(appId, orderNo);
  }

  /** Whether a create request for this order's number asked for exactly this order. */
  public boolean matches(NewOrder request) {
    return appId.equals(request.appId())
        && orderNo.equals(request.orderNo())
        && userId.equals(request.userId())
        && amount.equals(request.amount())
        && title.equals(request.title());
  }
}
