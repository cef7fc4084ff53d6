package io.payonce.server.ops.web;

import io.payonce.server.alarm.Alarms;
import io.payonce.server.order.NewOrder;
import io.payonce.server.view.OrderView;
import io.payonce.server.view.OrderView.PaymentView;
import io.payonce.server.view.OrderViews;
import io.payonce.server.view.PaymentViews;
import jakarta.servlet.http.HttpServletResponse;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The operator's pages. {@code /ops/alarms} answers this page to browsers (Accept: text/html) and
 * the JSON list to everyone else, from {@code alarm.web.AlarmsController}.
 */
@Controller
class OpsPagesController {

  private static final int ALARMS_SHOWN = 200;

  private final OrderViews orders;
  private final PaymentViews payments;
  private final Alarms alarms;

  OpsPagesController(OrderViews orders, PaymentViews payments, Alarms alarms) {
    this.orders = orders;
    this.payments = payments;
    this.alarms = alarms;
  }

  @GetMapping(path = "/ops", produces = MediaType.TEXT_HTML_VALUE)
  String home() {
    return "redirect:/ops/payments";
  }

  @GetMapping(path = "/ops/payments", produces = MediaType.TEXT_HTML_VALUE)
  String search(@RequestParam(required = false) String orderNo, Model model) {
    model.addAttribute("orderNo", orderNo == null ? "" : orderNo.trim());
    if (orderNo != null && !orderNo.isBlank()) {
      String wanted = orderNo.trim();
      model.addAttribute("searched", true);
      if (NewOrder.ORDER_NO.matcher(wanted).matches()) {
        // The operator sees every app's orders: the oldest with this number.
        orders.findAnyApp(wanted).ifPresent(found -> show(found, model));
      }
    }
    return "ops/search";
  }

  @GetMapping(path = "/ops/payments/{outTradeNo}", produces = MediaType.TEXT_HTML_VALUE)
  String payment(@PathVariable String outTradeNo, Model model, HttpServletResponse response) {
    var timeline = payments.timeline(outTradeNo).orElse(null);
    if (timeline == null) {
      response.setStatus(HttpStatus.NOT_FOUND.value());
      model.addAttribute("orderNo", "");
      model.addAttribute("missing", outTradeNo);
      return "ops/search";
    }
    model.addAttribute("t", timeline);
    return "ops/payment";
  }

  @GetMapping(path = "/ops/alarms", produces = MediaType.TEXT_HTML_VALUE)
  String alarms(Model model) {
    model.addAttribute("alarms", alarms.open(ALARMS_SHOWN));
    return "ops/alarms";
  }

  // The operator looks for the latest payment first.
  private static void show(OrderView found, Model model) {
    List<PaymentView> newestFirst = new ArrayList<>(found.payments());
    Collections.reverse(newestFirst);
    model.addAttribute("found", found);
    model.addAttribute("payments", newestFirst);
  }
}
