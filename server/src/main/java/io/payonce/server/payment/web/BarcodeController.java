package io.payonce.server.payment.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.PaymentProduct;
import io.payonce.server.channel.PaymentProducts;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.payment.BarcodePayments;
import io.payonce.server.payment.BarcodePayments.BarcodeAnswer;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.media.Schema;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /pay/{channel}/barcode} {@code {"orderNo","authCode","requestId"}}: charge the
 * buyer's payment code on that channel, for every channel whose adapter takes payment codes (the
 * product registry).
 */
@RestController
@Tag(name = "Payments")
class BarcodeController {

  static final String PATH = "/pay/" + PaymentProduct.CHANNEL + "/barcode";

  private static final Pattern AUTH_CODE = Pattern.compile("[0-9]{16,24}");

  private final BarcodePayments barcodes;
  private final PaymentProducts products;

  BarcodeController(BarcodePayments barcodes, PaymentProducts products) {
    this.barcodes = barcodes;
    this.products = products;
  }

  /** The body; {@code payToken} is read by the idempotency filter (see PrecreateRequest). */
  record BarcodeRequest(
      @Schema(example = "order-1001") String orderNo,
      @Schema(description = "The buyer's payment code", example = "284567890123456789")
          String authCode,
      @Schema(description = "An idempotency key instead of the Idempotency-Key header")
          String requestId,
      @Schema(description = "A pay token from GET /api/pay/get-token") String payToken) {}

  @Operation(
      operationId = "barcode",
      summary = "Charge the buyer's " + ProductOperations.CHANNEL + " payment code")
  @BarcodeProblems
  @PostMapping(
      path = PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  BarcodeAnswer pay(
      @AuthenticationPrincipal CallingApp app,
      @Parameter(description = ProductOperations.CHANNEL_PARAMETER) @PathVariable String channel,
      @RequestBody BarcodeRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    validate(request);
    PaymentProduct product = ProductOperations.product(products, channel, PaymentKind.BARCODE);
    return barcodes.pay(
        new OrderRef(app.appId(), request.orderNo()),
        product.channel(),
        request.authCode(),
        RequestIds.of(request.requestId(), idempotencyKey));
  }

  private static void validate(BarcodeRequest request) {
    List<FieldViolation> violations = new ArrayList<>();
    if (request.orderNo() == null || !NewOrder.ORDER_NO.matcher(request.orderNo()).matches()) {
      violations.add(
          new FieldViolation("orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -"));
    }
    if (request.authCode() == null || !AUTH_CODE.matcher(request.authCode()).matches()) {
      violations.add(new FieldViolation("authCode", "must be the buyer's 16 to 24 digit code"));
    }
    if (!RequestIds.isValid(request.requestId())) {
      violations.add(new FieldViolation("requestId", RequestIds.RULE));
    }
    if (!violations.isEmpty()) {
      throw new InvalidRequestException(violations);
    }
  }
}
