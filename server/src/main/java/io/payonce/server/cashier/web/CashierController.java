package io.payonce.server.cashier.web;

import io.payonce.server.cashier.CashierView;
import io.payonce.server.cashier.CashierViews;
import io.payonce.server.cashier.QrImage;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.payment.PaymentNotFoundException;
import java.util.Optional;
import org.springframework.http.CacheControl;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ResponseBody;

/**
 * The cashier page of one order. The page itself never creates a payment: only the buyer's click on
 * "pay" or "refresh QR" does, so a reload shows the code the order already has.
 */
@Controller
class CashierController {

  private final CashierViews views;

  CashierController(CashierViews views) {
    this.views = views;
  }

  @GetMapping(path = "/cashier/{orderNo}", produces = MediaType.TEXT_HTML_VALUE)
  String page(@PathVariable String orderNo, Model model) {
    Optional<CashierView> view = find(orderNo);
    if (view.isEmpty()) {
      model.addAttribute("orderNo", orderNo);
      return "cashier-not-found";
    }
    model.addAttribute("view", view.get());
    model.addAttribute("wechat", views.offersWechat());
    return "cashier";
  }

  /** What the page renders from: on load, after each click, and when polling says it changed. */
  @GetMapping(path = "/cashier/{orderNo}/state", produces = MediaType.APPLICATION_JSON_VALUE)
  @ResponseBody
  CashierView state(@PathVariable String orderNo) {
    return find(orderNo).orElseThrow(() -> new OrderNotFoundException(orderNo));
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
