package io.payonce.server.refund.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.refund.Refund;
import io.payonce.server.refund.RefundStatus;
import io.payonce.server.refund.Refunds;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.web.ProblemResponses;
import io.payonce.server.web.ProblemType;
import io.payonce.server.web.TextRules;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.media.Content;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.responses.ApiResponse;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /pay/refund} (200 done, 202 pending — the channel's answer is not known yet and the
 * refund will be completed —, problems otherwise) and {@code GET /pay/refunds?orderNo=}.
 */
@RestController
@Tag(name = "Refunds")
class RefundController {

  private static final Pattern REQUEST_NO = Pattern.compile("[A-Za-z0-9_]{1,64}");
  private static final int MAX_REASON = 256;

  private final Refunds refunds;

  RefundController(Refunds refunds) {
    this.refunds = refunds;
  }

  record RefundRequest(
      @Schema(example = "order-1001") String orderNo,
      @Schema(
              description = "The merchant's number for this refund: 1 to 64 of A-Z a-z 0-9 _",
              example = "refund_1001_1")
          String outRequestNo,
      @Schema(description = "Major units as a decimal string", example = "6.17") String amount,
      @Schema(description = "At most 256 printable characters", example = "half back")
          String reason) {}

  record RefundView(
      String outTradeNo,
      String outRequestNo,
      String amount,
      String kind,
      String status,
      String detail,
      Instant createdAt,
      Instant updatedAt) {

    static RefundView of(Refund r) {
      return new RefundView(
          r.outTradeNo(),
          r.outRequestNo(),
          Money.ofMinor(r.amountMinor(), r.currency()).toDecimalString(),
          r.kind().name(),
          r.status().name(),
          r.detail(),
          r.createdAt(),
          r.updatedAt());
    }
  }

  @Operation(
      operationId = "createRefund",
      summary = "Refund part or all of a paid order",
      description =
          "outRequestNo names the refund: the same number again answers the same refund. 200 when"
              + " the channel answered, with its answer in status: SUCCESS (refunded) or FAIL"
              + " (the channel refused: nothing was given back, detail says why, and the amount"
              + " may be refunded again under a new number) — check status, a 200 is not a"
              + " success by itself. 202 while the channel's answer is pending (status PENDING;"
              + " PayOnce completes the refund; list the refunds to follow it).")
  @ApiResponse(
      responseCode = "200",
      description =
          "The channel answered: status SUCCESS (refunded) or FAIL (refused, nothing given back)",
      content = @Content(schema = @Schema(implementation = RefundView.class)))
  @ApiResponse(
      responseCode = "202",
      description = "Pending (status PENDING): the channel's answer is not known yet",
      content = @Content(schema = @Schema(implementation = RefundView.class)))
  @ProblemResponses({
    ProblemType.NOT_FOUND,
    ProblemType.CONFLICT,
    ProblemType.ORDER_NOT_PAID,
    ProblemType.REFUND_EXCEEDS_PAYMENT,
    ProblemType.CHANNEL_UNAVAILABLE,
    ProblemType.IDEMPOTENCY_KEY_INVALID,
    ProblemType.IDEMPOTENCY_KEY_REUSED,
    ProblemType.IDEMPOTENCY_KEY_IN_USE
  })
  @PostMapping(
      path = "/pay/refund",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  ResponseEntity<RefundView> refund(
      @AuthenticationPrincipal CallingApp app, @RequestBody RefundRequest request) {
    validate(request);
    Refund refund =
        refunds.request(
            new OrderRef(app.appId(), request.orderNo()),
            request.outRequestNo(),
            request.amount(),
            request.reason());
    HttpStatus status =
        refund.status() == RefundStatus.PENDING ? HttpStatus.ACCEPTED : HttpStatus.OK;
    return ResponseEntity.status(status).body(RefundView.of(refund));
  }

  @Operation(operationId = "listRefunds", summary = "The refunds of an order, oldest first")
  @ProblemResponses({ProblemType.VALIDATION, ProblemType.NOT_FOUND})
  @GetMapping(path = "/pay/refunds", produces = MediaType.APPLICATION_JSON_VALUE)
  List<RefundView> list(
      @AuthenticationPrincipal CallingApp app, @RequestParam(required = false) String orderNo) {
    if (orderNo == null || !NewOrder.ORDER_NO.matcher(orderNo).matches()) {
      throw new InvalidRequestException(
          List.of(
              new FieldViolation(
                  "orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -")));
    }
    return refunds.ofOrder(new OrderRef(app.appId(), orderNo)).stream()
        .map(RefundView::of)
        .toList();
  }

  /** The amount's scale depends on the order's currency: {@link Refunds} checks it. */
  private static void validate(RefundRequest request) {
    List<FieldViolation> violations = new ArrayList<>();
    if (request.orderNo() == null || !NewOrder.ORDER_NO.matcher(request.orderNo()).matches()) {
      violations.add(
          new FieldViolation("orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -"));
    }
    if (request.outRequestNo() == null || !REQUEST_NO.matcher(request.outRequestNo()).matches()) {
      violations.add(
          new FieldViolation("outRequestNo", "must be 1 to 64 characters of A-Z, a-z, 0-9 and _"));
    }
    if (request.reason() != null && request.reason().length() > MAX_REASON) {
      violations.add(new FieldViolation("reason", "must be at most 256 characters"));
    } else if (request.reason() != null && !TextRules.isPrintable(request.reason())) {
      violations.add(new FieldViolation("reason", TextRules.NOT_PRINTABLE));
    }
    if (request.amount() == null || request.amount().isBlank()) {
      violations.add(new FieldViolation("amount", "is required, e.g. \"12.34\""));
    }
    if (!violations.isEmpty()) {
      throw new InvalidRequestException(violations);
    }
  }
}
