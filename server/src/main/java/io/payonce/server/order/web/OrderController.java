package io.payonce.server.order.web;

import io.payonce.server.order.OrderCreation;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderService;
import java.net.URI;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/orders} creates an order (201), replays it for the same fields (200) or refuses
 * different fields under the same number (409); {@code GET /api/orders/{orderNo}} reads it.
 */
@RestController
@RequestMapping(path = "/api/orders", produces = MediaType.APPLICATION_JSON_VALUE)
class OrderController {

  private final OrderService orders;
  private final OrderQueries queries;
  private final OrderRequestValidator validator;

  OrderController(OrderService orders, OrderQueries queries, OrderRequestValidator validator) {
    this.orders = orders;
    this.queries = queries;
    this.validator = validator;
  }

  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<OrderView> create(@RequestBody CreateOrderRequest request) {
    OrderCreation creation = orders.create(validator.validate(request));
    OrderView view = OrderView.of(creation.order(), List.of());
    if (!creation.created()) {
      // A replay answers with the order as it is now, payments included.
      return ResponseEntity.ok(queries.find(view.orderNo()).orElse(view));
    }
    return ResponseEntity.status(HttpStatus.CREATED)
        .location(URI.create("/api/orders/" + view.orderNo()))
        .body(view);
  }

  @GetMapping("/{orderNo}")
  OrderView find(@PathVariable String orderNo) {
    OrderRequestValidator.checkOrderNo(orderNo);
    return queries.find(orderNo).orElseThrow(() -> new OrderNotFoundException(orderNo));
  }
}
