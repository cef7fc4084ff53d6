package io.payonce.server.cashier.web;

import io.payonce.server.cashier.CashierView;
import io.payonce.server.cashier.CashierViews;
import io.payonce.server.cashier.QrImage;
import io.payonce.server.channel.Channel;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.payment.PaymentNotFoundException;
import io.payonce.server.payment.PaymentQueries;
import io.payonce.server.payment.QrPrecreation;
import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import java.util.List;
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
 * The cashier page of one order and the buyer's calls behind it: its state and the "pay" / "refresh
 * QR" click. These are the buyer's, not the merchant API's, so they need no app signature. The page
 * itself never creates a payment: only the buyer's click does, so a reload shows the code the order
 * already has.
 */
@Controller
class CashierController {

  private static final Pattern REQUEST_ID = Pattern.compile("[\\x21-\\x7E]{1,64}");

  private final CashierViews views;
  private final QrPrecreation precreation;
  private final PaymentQueries queries;

  CashierController(CashierViews views, QrPrecreation precreation, PaymentQueries queries) {
    this.views = views;
    this.precreation = precreation;
    this.queries = queries;
  }

  @GetMapping(path = "/cashier/{orderNo}", produces = MediaType.TEXT_HTML_VALUE)
  String page(@PathVariable String orderNo, Model model) {
    Optional<CashierView> view = find(orderNo);
    if (view.isEmpty()) {
      model.addAttribute("orderNo", orderNo);
      return "cashier-not-found";
    }
    model.addAttribute("view", view.get());
    return "cashier";
  }

  /** What the page renders from: on load, after each click, and when polling says it changed. */
  @GetMapping(path = "/cashier/{orderNo}/state", produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView state(@PathVariable String orderNo) {
    return find(orderNo).orElseThrow(() -> new OrderNotFoundException(orderNo));
  }

  /**
   * What the page polls: the state after asking the channel when the payment in flight is due a
   * query (as {@code GET /pay/query} does for the merchant), so a lost notification does not leave
   * the buyer waiting.
   */
  @GetMapping(path = "/cashier/{orderNo}/query", produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView query(@PathVariable String orderNo) {
    if (!valid(orderNo)) {
      throw new OrderNotFoundException(orderNo);
    }
    queries.query(orderNo);
    return state(orderNo);
  }

  /** The buyer's click: the order's QR code (or a new one), then the state to draw. */
  @PostMapping(
      path = "/cashier/{orderNo}/pay",
      consumes = MediaType.APPLICATION_JSON_VALUE,
      produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView pay(@PathVariable String orderNo, @RequestBody CashierPayRequest request) {
    if (!valid(orderNo)) {
      throw new OrderNotFoundException(orderNo);
    }
    if (request.requestId() != null && !REQUEST_ID.matcher(request.requestId()).matches()) {
      throw new InvalidRequestException(
          List.of(new FieldViolation("requestId", "must be 1 to 64 visible characters")));
    }
    precreation.precreate(orderNo, Channel.ALIPAY, request.requestId(), request.wantsRefresh());
    return state(orderNo);
  }

  @GetMapping(path = "/cashier/{orderNo}/qr.png", produces = MediaType.IMAGE_PNG_VALUE)
  ResponseEntity<byte[]> qr(@PathVariable String orderNo, @RequestParam String outTradeNo) {
    if (!valid(orderNo)) {
      throw new OrderNotFoundException(orderNo);
    }
    String qrCode =
        views
            .payableQrCode(orderNo, outTradeNo)
            .orElseThrow(() -> new PaymentNotFoundException(outTradeNo));
    return ResponseEntity.ok()
        .cacheControl(CacheControl.noStore())
        .contentType(MediaType.IMAGE_PNG)
        .body(QrImage.png(qrCode));
  }

  private Optional<CashierView> find(String orderNo) {
    return valid(orderNo) ? views.find(orderNo) : Optional.empty();
  }

  private static boolean valid(String orderNo) {
    return NewOrder.ORDER_NO.matcher(orderNo).matches();
  }
}
