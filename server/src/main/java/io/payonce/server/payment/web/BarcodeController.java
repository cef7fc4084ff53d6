package io.payonce.server.payment.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.channel.Channel;
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
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /pay/alipay/barcode} and {@code POST /pay/wechat/barcode} {@code
 * {"orderNo","authCode","requestId"}}: charge the buyer's payment code on that channel.
 */
@RestController
@Tag(name = "Payments")
class BarcodeController {

  private static final Pattern AUTH_CODE = Pattern.compile("[0-9]{16,24}");

  private final BarcodePayments barcodes;

  BarcodeController(BarcodePayments barcodes) {
    this.barcodes = barcodes;
  }

  /** The body; {@code payToken} is read by the idempotency filter (see PrecreateRequest). */
  record BarcodeRequest(
      @Schema(example = "order-1001") String orderNo,
      @Schema(description = "The buyer's payment code", example = "284567890123456789")
          String authCode,
      @Schema(description = "An idempotency key instead of the Idempotency-Key header")
          String requestId,
      @Schema(description = "A pay token from GET /api/pay/get-token") String payToken) {}

  @Operation(operationId = "alipayBarcode", summary = "Charge the buyer's Alipay payment code")
  @BarcodeProblems
  @PostMapping(
      path = "/pay/alipay/barcode",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  BarcodeAnswer alipay(
      @AuthenticationPrincipal CallingApp app,
      @RequestBody BarcodeRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    return pay(app, Channel.ALIPAY, request, idempotencyKey);
  }

  @Operation(operationId = "wechatBarcode", summary = "Charge the buyer's WeChat Pay payment code")
  @BarcodeProblems
  @PostMapping(
      path = "/pay/wechat/barcode",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  BarcodeAnswer wechat(
      @AuthenticationPrincipal CallingApp app,
      @RequestBody BarcodeRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    if (!barcodes.speaks(Channel.WECHAT)) {
      // A channel this instance is not configured for has no such endpoint.
      throw new org.springframework.web.server.ResponseStatusException(
          org.springframework.http.HttpStatus.NOT_FOUND);
    }
    return pay(app, Channel.WECHAT, request, idempotencyKey);
  }

  private BarcodeAnswer pay(
      CallingApp app, Channel channel, BarcodeRequest request, String idempotencyKey) {
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
    return barcodes.pay(
        new OrderRef(app.appId(), request.orderNo()),
        channel,
        request.authCode(),
        RequestIds.of(request.requestId(), idempotencyKey));
  }
}
