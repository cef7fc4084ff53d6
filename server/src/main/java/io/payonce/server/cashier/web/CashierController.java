package io.payonce.server.cashier.web;

import io.payonce.server.cashier.CashierView;
import io.payonce.server.cashier.CashierViews;
import io.payonce.server.cashier.CheckoutSessions;
import io.payonce.server.cashier.QrImage;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.PaymentProduct;
import io.payonce.server.channel.PaymentProducts;
import io.payonce.server.order.OrderRef;
import io.payonce.server.payment.PaymentNotFoundException;
import io.payonce.server.payment.PaymentQueries;
import io.payonce.server.payment.QrPrecreation;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import jakarta.servlet.http.HttpServletResponse;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The cashier page of one checkout session and the buyer's calls behind it: its state, the poll,
 * the "pay" / "refresh QR" click (on a channel the buyer may switch) and the QR image. The
 * session's token in the address is the only authority: it opens its one order until it expires,
 * and an unknown or expired token is "not found" (nothing tells it from a wrong one). The page
 * itself never creates a payment: only the buyer's click does, so a reload shows the code the order
 * already has.
 */
@Controller
class CashierController {

  private static final Pattern REQUEST_ID = Pattern.compile("[\\x21-\\x7E]{1,64}");

  private final CheckoutSessions sessions;
  private final CashierViews views;
  private final QrPrecreation precreation;
  private final PaymentQueries queries;
  private final PaymentProducts products;

  CashierController(
      CheckoutSessions sessions,
      CashierViews views,
      QrPrecreation precreation,
      PaymentQueries queries,
      PaymentProducts products) {
    this.sessions = sessions;
    this.views = views;
    this.precreation = precreation;
    this.queries = queries;
    this.products = products;
  }

  @GetMapping(path = "/cashier/{token}", produces = MediaType.TEXT_HTML_VALUE)
  String page(@PathVariable String token, Model model, HttpServletResponse response) {
    Optional<CashierView> view = sessions.order(token).flatMap(order -> find(order, token));
    if (view.isEmpty()) {
      // A page for people, and the status for everything else: there is no such checkout.
      response.setStatus(HttpServletResponse.SC_NOT_FOUND);
      return "cashier-not-found";
    }
    model.addAttribute("view", view.get());
    model.addAttribute("base", base(token));
    model.addAttribute("products", products.of(PaymentKind.QR));
    return "cashier";
  }

  /** What the page renders from: on load, after each click, and when polling says it changed. */
  @GetMapping(path = "/cashier/{token}/state", produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView state(@PathVariable String token) {
    return find(order(token), token).orElseThrow(CheckoutNotFoundException::new);
  }

  /**
   * What the page polls: the state after asking the channel when the payment in flight is due a
   * query (as {@code GET /pay/query} does for the merchant), so a lost notification does not leave
   * the buyer waiting.
   */
  @GetMapping(path = "/cashier/{token}/query", produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView query(@PathVariable String token) {
    OrderRef order = order(token);
    queries.query(order);
    return find(order, token).orElseThrow(CheckoutNotFoundException::new);
  }

  /** The buyer's click: the order's QR code (or a new one) on a channel, then the state to draw. */
  @PostMapping(
      path = "/cashier/{token}/pay",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView pay(@PathVariable String token, @RequestBody CashierPayRequest request) {
    OrderRef order = order(token);
    if (request.requestId() != null && !REQUEST_ID.matcher(request.requestId()).matches()) {
      throw new InvalidRequestException(
          List.of(new FieldViolation("requestId", "must be 1 to 64 visible characters")));
    }
    precreation.precreate(
        order, product(request.channel()).channel(), request.requestId(), request.wantsRefresh());
    return find(order, token).orElseThrow(CheckoutNotFoundException::new);
  }

  @GetMapping(path = "/cashier/{token}/qr.png", produces = MediaType.IMAGE_PNG_VALUE)
  ResponseEntity<byte[]> qr(@PathVariable String token, @RequestParam String outTradeNo) {
    String qrCode =
        views
            .payableQrCode(order(token), outTradeNo)
            .orElseThrow(() -> new PaymentNotFoundException(outTradeNo));
    return ResponseEntity.ok()
        .cacheControl(CacheControl.noStore())
        .contentType(MediaType.IMAGE_PNG)
        .body(QrImage.png(qrCode));
  }

  private OrderRef order(String token) {
    return sessions.order(token).orElseThrow(CheckoutNotFoundException::new);
  }

  private Optional<CashierView> find(OrderRef order, String token) {
    return views.find(order, base(token));
  }

  private static String base(String token) {
    return "/cashier/" + token;
  }

  /** The QR product the buyer chose by its channel's name; the first one offered when none. */
  private PaymentProduct product(String channel) {
    List<PaymentProduct> offered = products.of(PaymentKind.QR);
    return offered.stream()
        .filter(p -> channel == null || p.channel().path().equals(channel.toLowerCase(Locale.ROOT)))
        .findFirst()
        .orElseThrow(
            () ->
                new InvalidRequestException(
                    List.of(new FieldViolation("channel", "is not a channel this server offers"))));
  }
}
