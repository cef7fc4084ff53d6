package io.payonce.server.view.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.view.OrderView;
import io.payonce.server.view.OrderViews;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /api/orders/{orderNo}}: the order with its payments, and which one paid it. */
@RestController
@Tag(name = "Orders")
class OrderViewController {

  private final OrderViews views;

  OrderViewController(OrderViews views) {
    this.views = views;
  }

  @Operation(operationId = "getOrder", summary = "Get an order with its payments")
  @ProblemResponses({ProblemType.VALIDATION, ProblemType.NOT_FOUND})
  @GetMapping(path = "/api/orders/{orderNo}", produces = MediaType.APPLICATION_JSON_VALUE)
  OrderView find(@AuthenticationPrincipal CallingApp app, @PathVariable String orderNo) {
    if (!NewOrder.ORDER_NO.matcher(orderNo).matches()) {
      throw new InvalidRequestException(
          List.of(
              new FieldViolation(
                  "orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -")));
    }
    return views
        .find(new OrderRef(app.appId(), orderNo))
        .orElseThrow(() -> new OrderNotFoundException(orderNo));
  }
}
