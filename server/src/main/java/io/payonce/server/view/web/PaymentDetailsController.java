package io.payonce.server.view.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.payment.PaymentNotFoundException;
import io.payonce.server.view.PaymentDetails;
import io.payonce.server.view.PaymentViews;
import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/payments/{outTradeNo}}: one payment with everything that happened to it, drawn
 * from the same read as the operator's timeline.
 */
@RestController
@Tag(name = "Payments")
class PaymentDetailsController {

  private final PaymentViews views;

  PaymentDetailsController(PaymentViews views) {
    this.views = views;
  }

  @Operation(
      operationId = "getPayment",
      summary = "Get a payment with everything that happened to it")
  @ProblemResponses(ProblemType.NOT_FOUND)
  @GetMapping(path = "/api/payments/{outTradeNo}", produces = MediaType.APPLICATION_JSON_VALUE)
  PaymentDetails details(@AuthenticationPrincipal CallingApp app, @PathVariable String outTradeNo) {
    return views
        .details(app.appId(), outTradeNo)
        .orElseThrow(() -> new PaymentNotFoundException(outTradeNo));
  }
}
