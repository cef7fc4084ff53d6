package io.payonce.server.order.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderCreation;
import io.payonce.server.order.OrderRepresentation;
import io.payonce.server.order.OrderService;
import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/orders} creates an order (201), replays it for the same fields (200) or refuses
 * different fields under the same number (409). The body is the order as {@code GET
 * /api/orders/{orderNo}} shows it, drawn by the read side.
 */
@RestController
@Tag(name = "Orders")
@RequestMapping(path = "/api/orders", produces = MediaType.APPLICATION_JSON_VALUE)
class OrderController {

  // By name, not class: the read side (module view) depends on this one. The schema is drawn from
  // GET /api/orders/{orderNo}'s answer, and the contract test fails if the name ever differs.
  private static final String ORDER_VIEW = "#/components/schemas/OrderView";

  private final OrderService orders;
  private final OrderRepresentation<?> representation;
  private final OrderRequestValidator validator;

  OrderController(
      OrderService orders, OrderRepresentation<?> representation, OrderRequestValidator validator) {
    this.orders = orders;
    this.representation = representation;
    this.validator = validator;
  }

  @Operation(
      operationId = "createOrder",
      summary = "Create an order",
      description =
          "Creates the order (201), or answers it as it is now when the same fields come again"
              + " under its number (200): safe to retry. Different fields under the same number"
              + " are a 409 conflict.")
  @ApiResponse(
      responseCode = "201",
      description = "Created",
      content = @Content(schema = @Schema(ref = ORDER_VIEW)))
  @ApiResponse(
      responseCode = "200",
      description = "The same order again, as it is now",
      content = @Content(schema = @Schema(ref = ORDER_VIEW)))
  @ProblemResponses(ProblemType.CONFLICT)
  @PostMapping(consumes = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<?> create(
      @AuthenticationPrincipal CallingApp app, @RequestBody CreateOrderRequest request) {
    return answer(orders.create(validator.validate(app.appId(), request)), representation);
  }

  private static <T> ResponseEntity<T> answer(
      OrderCreation creation, OrderRepresentation<T> representation) {
    Order order = creation.order();
    if (!creation.created()) {
      // A replay answers with the order as it is now, payments included.
      return ResponseEntity.ok(
          representation.current(order.ref()).orElseGet(() -> representation.ofNew(order)));
    }
    return ResponseEntity.status(HttpStatus.CREATED)
        .location(URI.create("/api/orders/" + order.orderNo()))
        .body(representation.ofNew(order));
  }
}
