package io.payonce.server.payment.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentQueries;
import io.payonce.server.payment.PaymentQueries.OrderPayment;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/** {@code GET /pay/query?orderNo=}: what the cashier page polls. */
@RestController
@Tag(name = "Payments")
class PayQueryController {

  private final PaymentQueries queries;

  PayQueryController(PaymentQueries queries) {
    this.queries = queries;
  }

  /** The answer: the order's status and its main payment (null before any). */
  record QueryAnswer(String orderNo, String orderStatus, PaymentState payment) {}

  /** A payment as the cashier needs it. */
  record PaymentState(
      String outTradeNo, String status, String tradeNo, String amount, Instant expireTime) {

    static PaymentState of(Payment p) {
      return p == null
          ? null
          : new PaymentState(
              p.outTradeNo(),
              p.status().name(),
              p.tradeNo(),
              p.amount().toDecimalString(),
              p.expireTime());
    }
  }

  @Operation(
      operationId = "queryOrder",
      summary = "The order's status and its main payment",
      description = "Asks the channel about a payment still open, so the answer is current.")
  @ProblemResponses({
    ProblemType.VALIDATION,
    ProblemType.NOT_FOUND,
    ProblemType.CHANNEL_UNAVAILABLE
  })
  @GetMapping(path = "/pay/query", produces = MediaType.APPLICATION_JSON_VALUE)
  QueryAnswer query(
      @AuthenticationPrincipal CallingApp app, @RequestParam(required = false) String orderNo) {
    if (orderNo == null || !NewOrder.ORDER_NO.matcher(orderNo).matches()) {
      throw new InvalidRequestException(
          List.of(
              new FieldViolation(
                  "orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -")));
    }
    OrderPayment found = queries.query(new OrderRef(app.appId(), orderNo));
    return new QueryAnswer(
        found.order().orderNo(), found.order().status().name(), PaymentState.of(found.payment()));
  }
}
