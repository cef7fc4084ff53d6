package io.payonce.server.order;

/** An order number that already names an order with different fields. */
public class OrderConflictException extends RuntimeException {

  public OrderConflictException(String orderNo) {
    super("order " + orderNo + " already exists with different fields");
  }
}
