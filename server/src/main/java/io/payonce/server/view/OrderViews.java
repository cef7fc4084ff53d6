package io.payonce.server.view;

import io.payonce.server.order.Order;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderRepresentation;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.Payments;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * Reads an order with its payments: for {@code GET /api/orders/{orderNo}}, the answer to {@code
 * POST /api/orders} and the operator's search.
 */
@Service
public class OrderViews implements OrderRepresentation<OrderView> {

  private final OrderService orders;
  private final Payments payments;

  OrderViews(OrderService orders, Payments payments) {
    this.orders = orders;
    this.payments = payments;
  }

  /** The order with this number and its payments, or empty if there is none. */
  @ConsistentRead
  public Optional<OrderView> find(OrderRef ref) {
    return orders.find(ref).map(order -> OrderView.of(order, payments.findByOrderId(order.id())));
  }

  /** The oldest order with this number, whichever app's, and its payments: for the operator. */
  @ConsistentRead
  public Optional<OrderView> findAnyApp(String orderNo) {
    return orders.findAnyApp(orderNo).stream()
        .findFirst()
        .map(order -> OrderView.of(order, payments.findByOrderId(order.id())));
  }

  @Override
  public OrderView ofNew(Order order) {
    return OrderView.of(order, List.of());
  }

  @Override
  @ConsistentRead
  public Optional<OrderView> current(OrderRef ref) {
    return find(ref);
  }
}
