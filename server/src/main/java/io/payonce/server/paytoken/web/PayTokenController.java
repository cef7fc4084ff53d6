package io.payonce.server.paytoken.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.order.NewOrder;
import io.payonce.server.paytoken.PayTokens;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.payonce.server.web.TextRules;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/pay/get-token?userId=}: a one-time pay token for the cashier page to send with
 * its payment request. A GET that creates something, as seed 001 has it: the token is random and
 * useless to anyone but the user's own payment, so a repeated GET only issues another one. It
 * belongs to the app that asked: no other app's request can use it.
 */
@RestController
@Tag(name = "Pay tokens")
class PayTokenController {

  private final PayTokens tokens;

  PayTokenController(PayTokens tokens) {
    this.tokens = tokens;
  }

  @Operation(
      operationId = "getPayToken",
      summary = "A one-time pay token for a buyer",
      description =
          "The buyer's page sends it as payToken with its precreate or barcode request, which"
              + " makes that request idempotent without a key of its own.")
  @ProblemResponses({
    ProblemType.VALIDATION,
    ProblemType.TOO_MANY_REQUESTS,
    ProblemType.PAY_TOKEN_UNAVAILABLE
  })
  @GetMapping(path = "/api/pay/get-token", produces = MediaType.APPLICATION_JSON_VALUE)
  PayTokens.Issued getToken(
      @AuthenticationPrincipal CallingApp app, @RequestParam(required = false) String userId) {
    if (userId == null
        || userId.isBlank()
        || userId.length() > NewOrder.MAX_USER_ID
        || !TextRules.isPrintable(userId)) {
      throw new InvalidRequestException(
          List.of(
              new FieldViolation(
                  "userId",
                  "must be 1 to "
                      + NewOrder.MAX_USER_ID
                      + " characters, without control characters")));
    }
    return tokens.issue(app.appId(), userId);
  }
}
