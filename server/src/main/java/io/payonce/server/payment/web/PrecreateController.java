package io.payonce.server.payment.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.PaymentProduct;
import io.payonce.server.channel.PaymentProducts;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.payment.PrecreateAnswer;
import io.payonce.server.payment.QrPrecreation;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /pay/{channel}/precreate}: the order's QR code on that channel, for every channel
 * whose adapter offers QR payments (the product registry); asking for another channel's code closes
 * this one's first. Repeats — double clicks, reloads, other instances — answer the same
 * out_trade_no and QR code without a second channel call; request-level replays (Idempotency-Key or
 * requestId) are answered byte for byte by the idempotency filter.
 */
@RestController
@Tag(name = "Payments")
class PrecreateController {

  static final String PATH = "/pay/" + PaymentProduct.CHANNEL + "/precreate";

  static final String PRECREATE_DESCRIPTION =
      "The order's one QR code on this channel: repeats answer the same code without a second"
          + " channel call; asking for the other channel's code closes this one's first. With an"
          + " Idempotency-Key (or requestId) a repeated request is answered byte for byte"
          + " (Idempotent-Replayed: true).";

  private final QrPrecreation precreation;
  private final PaymentProducts products;

  PrecreateController(QrPrecreation precreation, PaymentProducts products) {
    this.precreation = precreation;
    this.products = products;
  }

  @Operation(
      operationId = "precreate",
      summary = ProductOperations.CHANNEL + " QR code for an order",
      description = PRECREATE_DESCRIPTION)
  @PrecreateProblems
  @PostMapping(
      path = PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  PrecreateAnswer precreate(
      @AuthenticationPrincipal CallingApp app,
      @Parameter(description = ProductOperations.CHANNEL_PARAMETER) @PathVariable String channel,
      @RequestBody PrecreateRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    validate(request);
    PaymentProduct product = ProductOperations.product(products, channel, PaymentKind.QR);
    return precreation.precreate(
        new OrderRef(app.appId(), request.orderNo()),
        product.channel(),
        RequestIds.of(request.requestId(), idempotencyKey),
        request.wantsRefresh());
  }

  private static void validate(PrecreateRequest request) {
    if (request.orderNo() == null || !NewOrder.ORDER_NO.matcher(request.orderNo()).matches()) {
      throw invalid("orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -");
    }
    if (!RequestIds.isValid(request.requestId())) {
      throw invalid("requestId", RequestIds.RULE);
    }
  }

  private static InvalidRequestException invalid(String field, String message) {
    return new InvalidRequestException(List.of(new FieldViolation(field, message)));
  }
}
