package io.payonce.server.order;

/** No order has the given number or id. */
public class OrderNotFoundException extends RuntimeException {

  public OrderNotFoundException(String what) {
    super("no order " + what);
  }
}
