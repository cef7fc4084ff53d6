package io.payonce.server.ops.web;

import io.payonce.server.alarm.Alarms;
import io.payonce.server.ops.PaymentTimelines;
import io.payonce.server.order.NewOrder;
import jakarta.servlet.http.HttpServletResponse;
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
  private static final int MAX_NUMBER = 64;

  private final PaymentTimelines timelines;
  private final Alarms alarms;

  OpsPagesController(PaymentTimelines timelines, Alarms alarms) {
    this.timelines = timelines;
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
        timelines.byOrderNo(wanted).ifPresent(found -> model.addAttribute("found", found));
      }
    }
    return "ops/search";
  }

  @GetMapping(path = "/ops/payments/{outTradeNo}", produces = MediaType.TEXT_HTML_VALUE)
  String payment(@PathVariable String outTradeNo, Model model, HttpServletResponse response) {
    var timeline = outTradeNo.length() > MAX_NUMBER ? null : timelines.of(outTradeNo).orElse(null);
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
}
