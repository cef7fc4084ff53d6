package io.payonce.server.order;

/** The order is in a status that admits no new payment (e.g. already PAID or CLOSED). */
public class OrderNotPayableException extends RuntimeException {

  private final OrderStatus status;

  public OrderNotPayableException(long orderId, OrderStatus status) {
    super("order " + orderId + " is " + status + " and takes no new payment");
    this.status = status;
  }

  public OrderStatus status() {
    return status;
  }
}
