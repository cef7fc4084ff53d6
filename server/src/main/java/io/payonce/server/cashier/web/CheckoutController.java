package io.payonce.server.cashier.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.cashier.CheckoutSession;
import io.payonce.server.cashier.CheckoutSessions;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /api/orders/{orderNo}/checkout} (signed, merchant API): opens a checkout session for
 * one of the app's orders and answers the cashier's address to send the buyer to (201).
 */
@RestController
@Tag(name = "Checkout")
class CheckoutController {

  private final CheckoutSessions sessions;

  CheckoutController(CheckoutSessions sessions) {
    this.sessions = sessions;
  }

  /** The session as the merchant gets it. */
  record CheckoutAnswer(String orderNo, String url, Instant expiresAt) {}

  @Operation(
      operationId = "openCheckout",
      summary = "Open a checkout session",
      description =
          "The address of PayOnce's cashier page for the order: send the buyer there. Each call"
              + " opens a new session; an older one stays valid until it expires.")
  @ApiResponse(responseCode = "201", description = "Opened")
  @ProblemResponses({
    ProblemType.VALIDATION,
    ProblemType.NOT_FOUND,
    ProblemType.ORDER_PAID,
    ProblemType.ORDER_CLOSED,
    ProblemType.TOO_MANY_REQUESTS
  })
  @PostMapping(path = "/api/orders/{orderNo}/checkout", produces = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<CheckoutAnswer> open(
      @AuthenticationPrincipal CallingApp app, @PathVariable String orderNo) {
    if (!NewOrder.ORDER_NO.matcher(orderNo).matches()) {
      throw new InvalidRequestException(
          List.of(
              new FieldViolation(
                  "orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -")));
    }
    CheckoutSession session = sessions.open(new OrderRef(app.appId(), orderNo));
    return ResponseEntity.created(URI.create(session.path()))
        .body(new CheckoutAnswer(orderNo, session.path(), session.expiresAt()));
  }
}
