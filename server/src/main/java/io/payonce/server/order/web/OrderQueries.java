package io.payonce.server.order.web;

import io.payonce.server.order.OrderRepository;
import io.payonce.server.payment.PaymentRepository;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Reads an order and its payments in one read-only transaction, so they agree. */
@Service
class OrderQueries {

  private final OrderRepository orders;
  private final PaymentRepository payments;

  OrderQueries(OrderRepository orders, PaymentRepository payments) {
    this.orders = orders;
    this.payments = payments;
  }

  @Transactional(readOnly = true)
  Optional<OrderView> find(String orderNo) {
    return orders
        .findByOrderNo(orderNo)
        .map(order -> OrderView.of(order, payments.findByOrderId(order.id())));
  }
}
