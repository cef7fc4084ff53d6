package io.payonce.server.payment.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderRef;
import io.payonce.server.payment.OrderCancellation;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;

/** {@code POST /pay/close {"orderNo"}}: the merchant cancels the order (idempotent). */
@RestController
@Tag(name = "Orders")
class CloseController {

  private final OrderCancellation cancellation;

  CloseController(OrderCancellation cancellation) {
    this.cancellation = cancellation;
  }

  record CloseRequest(@Schema(example = "order-1001") String orderNo) {}

  record CloseAnswer(String orderNo, String orderStatus) {}

  @Operation(
      operationId = "closeOrder",
      summary = "Close an order",
      description =
          "Cancels the unpaid order and its open payment at the channel; closing a closed order"
              + " answers it again.")
  @ProblemResponses({
    ProblemType.NOT_FOUND,
    ProblemType.ORDER_PAID,
    ProblemType.PAYMENT_IN_PROGRESS,
    ProblemType.CHANNEL_UNAVAILABLE
  })
  @PostMapping(
      path = "/pay/close",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  CloseAnswer close(@AuthenticationPrincipal CallingApp app, @RequestBody CloseRequest request) {
    if (request.orderNo() == null || !NewOrder.ORDER_NO.matcher(request.orderNo()).matches()) {
      throw new InvalidRequestException(
          List.of(
              new FieldViolation(
                  "orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -")));
    }
    Order order = cancellation.cancel(new OrderRef(app.appId(), request.orderNo()));
    return new CloseAnswer(order.orderNo(), order.status().name());
  }
}
