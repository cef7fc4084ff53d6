package io.payonce.server.ops.web;

import io.payonce.server.alarm.Alarms;
import io.payonce.server.db.SqlTime;
import io.payonce.server.money.Money;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.payment.PaymentStatus;
import io.payonce.server.refund.RefundStatus;
import io.payonce.server.view.Dashboard;
import io.payonce.server.view.Dashboard.Figure;
import io.payonce.server.view.Dashboards;
import io.payonce.server.view.OrderView;
import io.payonce.server.view.OrderView.PaymentView;
import io.payonce.server.view.OrderViews;
import io.payonce.server.view.PaymentSearch;
import io.payonce.server.view.PaymentSearch.Criteria;
import io.payonce.server.view.PaymentViews;
import io.payonce.server.view.RefundList;
import jakarta.servlet.http.HttpServletResponse;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/**
 * The operator's pages: dashboard, payment search and timeline, refunds, open alarms. {@code
 * /ops/alarms} answers this page to browsers (Accept: text/html) and the JSON list to everyone
 * else, from {@code alarm.web.AlarmsController}.
 */
@Controller
class OpsPagesController {

  private static final int ALARMS_SHOWN = 200;
  private static final int ACTIONS_SHOWN = 200;

  private static final Set<OrderStatus> REFUNDABLE =
      EnumSet.of(OrderStatus.PAID, OrderStatus.PARTIALLY_REFUNDED, OrderStatus.REFUNDING);

  private final OrderViews orders;
  private final PaymentViews payments;
  private final Alarms alarms;
  private final Dashboards dashboards;
  private final PaymentSearch search;
  private final RefundList refundList;
  private final OperatorActions operatorActions;

  OpsPagesController(
      OrderViews orders,
      PaymentViews payments,
      Alarms alarms,
      Dashboards dashboards,
      PaymentSearch search,
      RefundList refundList,
      OperatorActions operatorActions) {
    this.orders = orders;
    this.payments = payments;
    this.alarms = alarms;
    this.dashboards = dashboards;
    this.search = search;
    this.refundList = refundList;
    this.operatorActions = operatorActions;
  }

  @GetMapping(path = "/ops", produces = MediaType.TEXT_HTML_VALUE)
  String home() {
    return "redirect:/ops/dashboard";
  }

  @GetMapping(path = "/ops/dashboard", produces = MediaType.TEXT_HTML_VALUE)
  String dashboard(Model model) {
    Dashboard today = dashboards.today();
    model.addAttribute("d", today);
    model.addAttribute(
        "statusChart",
        BarChart.of(today.byStatus(), Figure::count, f -> f.count() + " · " + amount(f)));
    model.addAttribute(
        "channelChart",
        BarChart.of(today.byChannel(), Figure::amountMinor, f -> amount(f) + " · " + f.count()));
    return "ops/dashboard";
  }

  @GetMapping(path = "/ops/refunds", produces = MediaType.TEXT_HTML_VALUE)
  String refunds(@RequestParam(required = false) String status, Model model) {
    String wanted = status == null ? "" : status.strip();
    model.addAttribute("status", wanted);
    model.addAttribute("statuses", RefundStatus.values());
    model.addAttribute("refunds", refundList.latest(isRefundStatus(wanted) ? wanted : null));
    return "ops/refunds";
  }

  @GetMapping(path = "/ops/payments", produces = MediaType.TEXT_HTML_VALUE)
  String search(
      @RequestParam(required = false) String orderNo,
      @RequestParam(required = false) String outTradeNo,
      @RequestParam(required = false) String tradeNo,
      @RequestParam(required = false) String buyer,
      @RequestParam(required = false) String day,
      @RequestParam(required = false) String status,
      @RequestParam(required = false) String appId,
      Model model) {
    model.addAttribute("orderNo", orderNo == null ? "" : orderNo.trim());
    model.addAttribute("statuses", PaymentStatus.values());
    LocalDate date = parseDay(day);
    Criteria criteria = new Criteria(orderNo, outTradeNo, tradeNo, buyer, date, status, appId);
    model.addAttribute("criteria", criteria);
    model.addAttribute("badDay", day != null && !day.isBlank() && date == null);
    if (!criteria.isEmpty()) {
      model.addAttribute("results", search.search(criteria));
    }
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
      model.addAttribute("statuses", PaymentStatus.values());
      model.addAttribute("criteria", new Criteria(null, null, null, null, null, null, null));
      return "ops/search";
    }
    model.addAttribute("t", timeline);
    model.addAttribute("refundable", REFUNDABLE.contains(timeline.order().status()));
    model.addAttribute("closable", timeline.order().status().isPayable());
    // A fresh refund number with each page: submitting the same form twice refunds once.
    model.addAttribute("refundNo", "OPS" + UUID.randomUUID().toString().replace("-", ""));
    return "ops/payment";
  }

  /** The record of what operators did, newest first. */
  @GetMapping(path = "/ops/actions", produces = MediaType.TEXT_HTML_VALUE)
  String actions(Model model) {
    model.addAttribute("actions", operatorActions.recent(ACTIONS_SHOWN));
    return "ops/actions";
  }

  @GetMapping(path = "/ops/alarms", produces = MediaType.TEXT_HTML_VALUE)
  String alarms(Model model) {
    model.addAttribute("alarms", alarms.open(ALARMS_SHOWN));
    return "ops/alarms";
  }

  private static String amount(Figure f) {
    return Money.ofMinor(f.amountMinor(), f.currency()).toDecimalString() + " " + f.currency();
  }

  private static LocalDate parseDay(String day) {
    if (day == null || day.isBlank()) {
      return null;
    }
    try {
      LocalDate parsed = LocalDate.parse(day.strip());
      // +999999999-12-31 parses; searching the day after it overflowed to a 500.
      return SqlTime.holds(parsed) ? parsed : null;
    } catch (DateTimeParseException e) {
      return null;
    }
  }

  private static boolean isRefundStatus(String status) {
    return Arrays.stream(RefundStatus.values()).anyMatch(s -> s.name().equals(status));
  }

  // The operator looks for the latest payment first.
  private static void show(OrderView found, Model model) {
    List<PaymentView> newestFirst = new ArrayList<>(found.payments());
    Collections.reverse(newestFirst);
    model.addAttribute("found", found);
    model.addAttribute("payments", newestFirst);
  }
}
