package io.payonce.server.payment.web;

import io.payonce.server.app.CallingApp;
import io.payonce.server.channel.BuyerFacts;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.PaymentProduct;
import io.payonce.server.channel.PaymentProducts;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderRef;
import io.payonce.server.payment.HandoffAnswer;
import io.payonce.server.payment.QrPrecreation;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.web.TextRules;
import io.swagger.v3.oas.annotations.Operation;
import io.swagger.v3.oas.annotations.Parameter;
import io.swagger.v3.oas.annotations.tags.Tag;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;
import org.springframework.security.core.annotation.AuthenticationPrincipal;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code POST /pay/{channel}/web} and {@code /pay/{channel}/mobile-web}: the order's hand-off to
 * the channel's cashier page — a link (GET) and the same request as a form (POST); {@code
 * /pay/{channel}/app}: the signed parameters for the channel's SDK in the merchant's app; {@code
 * /jsapi} and {@code /mini-program}: the parameters the channel's app pays with, for one buyer —
 * for every channel whose adapter offers the product (the product registry). Repeats — double
 * clicks, reloads, other instances — answer the same out_trade_no and hand-off without a second
 * channel call; asking for another product closes the one in flight first; request-level replays
 * (Idempotency-Key, requestId or a pay token) are answered byte for byte by the idempotency filter.
 */
@RestController
@Tag(name = "Payments")
class HandoffController {

  static final String WEB_PATH = "/pay/" + PaymentProduct.CHANNEL + "/web";
  static final String MOBILE_WEB_PATH = "/pay/" + PaymentProduct.CHANNEL + "/mobile-web";
  static final String APP_PATH = "/pay/" + PaymentProduct.CHANNEL + "/app";
  static final String JSAPI_PATH = "/pay/" + PaymentProduct.CHANNEL + "/jsapi";
  static final String MINI_PROGRAM_PATH = "/pay/" + PaymentProduct.CHANNEL + "/mini-program";

  static final String BRIDGE_DESCRIPTION =
      "The order's one hand-off to the channel app's payment call, for the buyer named by"
          + " buyer.channelUserId (required: the buyer's id at the channel, e.g. an openid"
          + " for the app id of the product; where it comes from is the merchant's choice): pass"
          + " handoff.params as they are to the JS bridge (official account page) or the"
          + " mini-program's payment call. Repeats for the same buyer answer the same parameters"
          + " without a second channel call; another buyer, or another product, closes this one's"
          + " trade first. The bridge's answer is no proof of payment: ask GET /pay/query or wait"
          + " for the webhook.";

  static final String DESCRIPTION =
      "The order's one hand-off to this channel's cashier page: open handoff.url in the buyer's"
          + " browser, or submit handoff.formFields to handoff.formAction (POST). Repeats answer the"
          + " same hand-off without a second channel call; asking for another product closes this"
          + " one's first. The buyer's return to buyer.returnUrl is no proof of payment: ask"
          + " GET /pay/query or wait for the webhook.";

  static final String APP_DESCRIPTION =
      "The order's one hand-off to this channel's SDK in the merchant's app: pass handoff.encoded"
          + " (the signed request as one string) or handoff.fields to the SDK on the buyer's phone. Repeats"
          + " answer the same parameters without signing again; asking for another product closes"
          + " this one's first. What the SDK answers on the phone is no proof of payment: ask"
          + " GET /pay/query or wait for the webhook.";

  /** Alipay's limit on return_url and quit_url, and more than enough for the others. */
  static final int MAX_URL = 256;

  private static final int MAX_USER_ID = 128;
  private static final Pattern IPV4 =
      Pattern.compile(
          "((25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)\\.){3}(25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)");
  private static final Pattern IPV6_CHARS = Pattern.compile("[0-9A-Fa-f:.]{2,45}");

  private final QrPrecreation issuer;
  private final PaymentProducts products;

  HandoffController(QrPrecreation issuer, PaymentProducts products) {
    this.issuer = issuer;
    this.products = products;
  }

  @Operation(
      operationId = "web",
      summary = ProductOperations.CHANNEL + " cashier page (desktop browser) for an order",
      description = DESCRIPTION)
  @PrecreateProblems
  @PostMapping(
      path = WEB_PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HandoffAnswer web(
      @AuthenticationPrincipal CallingApp app,
      @Parameter(description = ProductOperations.CHANNEL_PARAMETER) @PathVariable String channel,
      @RequestBody HandoffRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    return handOff(app, channel, PaymentKind.WEB, request, idempotencyKey);
  }

  @Operation(
      operationId = "mobileWeb",
      summary = ProductOperations.CHANNEL + " cashier page (phone browser) for an order",
      description = DESCRIPTION)
  @PrecreateProblems
  @PostMapping(
      path = MOBILE_WEB_PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HandoffAnswer mobileWeb(
      @AuthenticationPrincipal CallingApp app,
      @Parameter(description = ProductOperations.CHANNEL_PARAMETER) @PathVariable String channel,
      @RequestBody HandoffRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    return handOff(app, channel, PaymentKind.MOBILE_WEB, request, idempotencyKey);
  }

  @Operation(
      operationId = "app",
      summary = ProductOperations.CHANNEL + " payment in the merchant's app for an order",
      description = APP_DESCRIPTION)
  @PrecreateProblems
  @PostMapping(
      path = APP_PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HandoffAnswer app(
      @AuthenticationPrincipal CallingApp app,
      @Parameter(description = ProductOperations.CHANNEL_PARAMETER) @PathVariable String channel,
      @RequestBody HandoffRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    return handOff(app, channel, PaymentKind.APP, request, idempotencyKey);
  }

  @Operation(
      operationId = "jsapi",
      summary = ProductOperations.CHANNEL + " payment inside the channel's app (JS bridge)",
      description = BRIDGE_DESCRIPTION)
  @PrecreateProblems
  @PostMapping(
      path = JSAPI_PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HandoffAnswer jsapi(
      @AuthenticationPrincipal CallingApp app,
      @Parameter(description = ProductOperations.CHANNEL_PARAMETER) @PathVariable String channel,
      @RequestBody HandoffRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    return handOff(app, channel, PaymentKind.JSAPI, request, idempotencyKey);
  }

  @Operation(
      operationId = "miniProgram",
      summary = ProductOperations.CHANNEL + " payment inside a mini-program",
      description = BRIDGE_DESCRIPTION)
  @PrecreateProblems
  @PostMapping(
      path = MINI_PROGRAM_PATH,
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  HandoffAnswer miniProgram(
      @AuthenticationPrincipal CallingApp app,
      @Parameter(description = ProductOperations.CHANNEL_PARAMETER) @PathVariable String channel,
      @RequestBody HandoffRequest request,
      @Parameter(description = "1 to 64 visible characters; one per logical request")
          @RequestHeader(name = RequestIds.HEADER, required = false)
          String idempotencyKey) {
    return handOff(app, channel, PaymentKind.MINI_PROGRAM, request, idempotencyKey);
  }

  private HandoffAnswer handOff(
      CallingApp app,
      String channel,
      PaymentKind kind,
      HandoffRequest request,
      String idempotencyKey) {
    BuyerFacts buyer = validate(request, kind);
    PaymentProduct product = ProductOperations.product(products, channel, kind);
    if (product.needsClientIp() && buyer.clientIp() == null) {
      // The channel checks the page's browser against it: refused before any payment opens.
      throw new InvalidRequestException(
          List.of(
              new FieldViolation(
                  "buyer.clientIp",
                  "required by this product: the buyer's address, as the merchant's page saw it")));
    }
    return issuer.handOff(
        new OrderRef(app.appId(), request.orderNo()),
        product.channel(),
        kind,
        buyer,
        RequestIds.of(request.requestId(), idempotencyKey),
        request.wantsRefresh());
  }

  private static BuyerFacts validate(HandoffRequest request, PaymentKind kind) {
    List<FieldViolation> violations = new ArrayList<>();
    if (request.orderNo() == null || !NewOrder.ORDER_NO.matcher(request.orderNo()).matches()) {
      violations.add(
          new FieldViolation("orderNo", "must be 1 to 64 characters of A-Z, a-z, 0-9, _ and -"));
    }
    if (!RequestIds.isValid(request.requestId())) {
      violations.add(new FieldViolation("requestId", RequestIds.RULE));
    }
    HandoffRequest.Buyer buyer = request.buyer();
    if (kind.bridges() && (buyer == null || buyer.channelUserId() == null)) {
      // The trade is bound to one buyer: the channel needs to know whom (an openid).
      violations.add(
          new FieldViolation(
              "buyer.channelUserId", "required: the buyer's id at the channel (e.g. an openid)"));
    }
    if (buyer != null) {
      checkUrl("buyer.returnUrl", buyer.returnUrl(), violations);
      checkUrl("buyer.quitUrl", buyer.quitUrl(), violations);
      if (buyer.clientIp() != null && !isIpLiteral(buyer.clientIp())) {
        violations.add(new FieldViolation("buyer.clientIp", "must be an IPv4 or IPv6 address"));
      }
      String userId = buyer.channelUserId();
      if (userId != null
          && (userId.isBlank()
              || userId.length() > MAX_USER_ID
              || !TextRules.isPrintable(userId))) {
        violations.add(
            new FieldViolation(
                "buyer.channelUserId", "must be 1 to " + MAX_USER_ID + " printable characters"));
      }
    }
    if (!violations.isEmpty()) {
      throw new InvalidRequestException(violations);
    }
    return buyer == null
        ? BuyerFacts.none()
        : new BuyerFacts(
            buyer.channelUserId(), buyer.clientIp(), buyer.returnUrl(), buyer.quitUrl());
  }

  /** An absolute http(s) URL with a host, at most {@link #MAX_URL} characters, or none. */
  private static void checkUrl(String field, String url, List<FieldViolation> violations) {
    if (url == null) {
      return;
    }
    String rule = "must be an absolute http or https URL of at most " + MAX_URL + " characters";
    if (url.length() > MAX_URL || !TextRules.isPrintable(url) || url.contains(" ")) {
      violations.add(new FieldViolation(field, rule));
      return;
    }
    try {
      URI uri = new URI(url);
      String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
      if (!(scheme.equals("http") || scheme.equals("https"))
          || uri.getHost() == null
          || uri.getRawUserInfo() != null) {
        violations.add(new FieldViolation(field, rule));
      }
    } catch (URISyntaxException e) {
      violations.add(new FieldViolation(field, rule));
    }
  }

  /** An address literal, parsed without ever asking DNS. */
  private static boolean isIpLiteral(String text) {
    if (IPV4.matcher(text).matches()) {
      return true;
    }
    if (!text.contains(":") || !IPV6_CHARS.matcher(text).matches()) {
      return false;
    }
    try {
      // With a colon the text is parsed as an IPv6 literal, never looked up.
      return java.net.InetAddress.getByName(text) instanceof java.net.Inet6Address;
    } catch (java.net.UnknownHostException e) {
      return false;
    }
  }
}
