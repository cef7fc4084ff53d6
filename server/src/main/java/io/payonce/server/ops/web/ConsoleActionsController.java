package io.payonce.server.ops.web;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.alarm.AlarmAlreadyResolvedException;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.money.InvalidMoneyException;
import io.payonce.server.money.Money;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.ChannelUnavailableException;
import io.payonce.server.payment.OrderCancellation;
import io.payonce.server.payment.PaymentInProgressException;
import io.payonce.server.refund.OrderNotPaidException;
import io.payonce.server.refund.RefundConflictException;
import io.payonce.server.refund.RefundExceedsPaymentException;
import io.payonce.server.refund.RefundStatus;
import io.payonce.server.refund.Refunds;
import io.payonce.server.view.PaymentTimeline;
import io.payonce.server.view.PaymentViews;
import io.payonce.server.web.TextRules;
import java.security.Principal;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Controller;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.server.ResponseStatusException;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;

/**
 * The operator's actions from the console's pages: refund a payment (all or part), close an order,
 * resolve an alarm. Each is one call to the domain's own service — the console adds no money logic
 * — wrapped in an {@link OperatorActions} record (who, what, before, after), then the browser is
 * sent back to the page it came from with what happened (post, redirect, get). Who may post is the
 * security chain's business (OPERATOR or ADMIN); every form carries its CSRF token.
 */
@Controller
class ConsoleActionsController {

  private static final Pattern REQUEST_NO = Pattern.compile("[A-Za-z0-9_]{1,64}");
  private static final int MAX_TEXT = 256;

  /** The longest amount a refund form may carry: as the merchant API's order amounts. */
  private static final int MAX_AMOUNT_TEXT = 20;

  /** The record's target column: a refund's target is shaped to fit it, the amount kept whole. */
  private static final int MAX_TARGET = 128;

  /** What the domain refuses for a reason the operator can act on: shown, not an error page. */
  private static final Set<Class<? extends RuntimeException>> REFUSALS =
      Set.of(
          InvalidMoneyException.class,
          OrderNotPaidException.class,
          RefundExceedsPaymentException.class,
          RefundConflictException.class,
          OrderNotPayableException.class,
          OrderNotFoundException.class,
          PaymentInProgressException.class,
          ChannelUnavailableException.class,
          AlarmAlreadyResolvedException.class);

  private final PaymentViews payments;
  private final OrderService orders;
  private final Refunds refunds;
  private final OrderCancellation cancellation;
  private final Alarms alarms;
  private final OperatorActions actions;

  ConsoleActionsController(
      PaymentViews payments,
      OrderService orders,
      Refunds refunds,
      OrderCancellation cancellation,
      Alarms alarms,
      OperatorActions actions) {
    this.payments = payments;
    this.orders = orders;
    this.refunds = refunds;
    this.cancellation = cancellation;
    this.alarms = alarms;
    this.actions = actions;
  }

  @PostMapping("/ops/payments/{outTradeNo}/refund")
  String refund(
      @PathVariable String outTradeNo,
      @RequestParam String amount,
      @RequestParam(required = false) String reason,
      @RequestParam String outRequestNo,
      Principal operator,
      RedirectAttributes flash) {
    PaymentTimeline t = timeline(outTradeNo);
    if (!REQUEST_NO.matcher(outRequestNo).matches()
        || amount.isBlank()
        || amount.strip().length() > MAX_AMOUNT_TEXT
        || (reason != null && (reason.length() > MAX_TEXT || !TextRules.isPrintable(reason)))) {
      return refused(flash, outTradeNo, "console.refused.invalid");
    }
    Order order = t.order();
    return attempt(
        flash,
        outTradeNo,
        new OperatorActions.Request(
            operator.getName(),
            Kind.REFUND,
            refundTarget(order, outRequestNo, amount.strip()),
            outTradeNo,
            describe(order, t)),
        () -> refunds.request(order.ref(), outRequestNo, amount.strip(), blankToNull(reason)),
        refund ->
            "refund "
                + refund.outRequestNo()
                + " "
                + Money.ofMinor(refund.amountMinor(), refund.currency()).toDecimalString()
                + " → "
                + refund.status()
                + " · order "
                + orders.findById(order.id()).orElseThrow().status(),
        // The channel's definite no comes back as a FAIL refund, not an exception: the record
        // says FAILED, with the channel's words.
        refund ->
            refund.status() == RefundStatus.FAIL
                ? "the channel: " + (refund.detail() == null ? "no reason given" : refund.detail())
                : null,
        refund -> "console.done.refund." + refund.status().name());
  }

  @PostMapping("/ops/payments/{outTradeNo}/close")
  String close(@PathVariable String outTradeNo, Principal operator, RedirectAttributes flash) {
    PaymentTimeline t = timeline(outTradeNo);
    Order order = t.order();
    return attempt(
        flash,
        outTradeNo,
        new OperatorActions.Request(
            operator.getName(),
            Kind.CLOSE_ORDER,
            orderTarget(order),
            outTradeNo,
            "order " + order.status() + " · payment " + t.payment().status()),
        () -> cancellation.cancel(order.ref()),
        closed -> "order " + closed.status(),
        closed -> null,
        closed -> "console.done.close");
  }

  @PostMapping("/ops/alarms/{id}/resolve")
  String resolveAlarm(
      @PathVariable long id,
      @RequestParam String resolution,
      Principal operator,
      RedirectAttributes flash) {
    Alarm alarm =
        alarms
            .find(id)
            .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no alarm"));
    String words = resolution.strip();
    if (words.isEmpty() || words.length() > MAX_TEXT) {
      flash.addFlashAttribute("refused", "console.refused.invalid");
      return "redirect:/ops/alarms";
    }
    try {
      actions.run(
          new OperatorActions.Request(
              operator.getName(),
              Kind.RESOLVE_ALARM,
              "alarm " + id + " " + alarm.type(),
              alarm.outTradeNo(),
              alarm.resolvedAt() == null ? "open" : "resolved"),
          () -> alarms.resolve(id, words),
          after -> "resolved: " + words);
      flash.addFlashAttribute("done", "console.done.resolve");
    } catch (AlarmAlreadyResolvedException e) {
      flash.addFlashAttribute("refused", "console.refused.AlarmAlreadyResolvedException");
    }
    return "redirect:/ops/alarms";
  }

  private <T> String attempt(
      RedirectAttributes flash,
      String outTradeNo,
      OperatorActions.Request request,
      Supplier<T> action,
      Function<? super T, String> after,
      Function<? super T, String> refusal,
      Function<? super T, String> done) {
    try {
      T result = actions.run(request, action, after, refusal);
      flash.addFlashAttribute(
          refusal.apply(result) == null ? "done" : "refused", done.apply(result));
    } catch (RuntimeException e) {
      if (!REFUSALS.contains(e.getClass())) {
        throw e;
      }
      flash.addFlashAttribute("refused", "console.refused." + e.getClass().getSimpleName());
    }
    return back(outTradeNo);
  }

  private PaymentTimeline timeline(String outTradeNo) {
    return payments
        .timeline(outTradeNo)
        .orElseThrow(() -> new ResponseStatusException(HttpStatus.NOT_FOUND, "no payment"));
  }

  /** {@code order app/number}: what an operator searches by (the payment is the record's own). */
  private static String orderTarget(Order order) {
    return "order " + order.appId() + "/" + order.orderNo();
  }

  /**
   * {@code order app/number refund OPS… of 6.17}, within the record's column: when the ids are long
   * the order's reference is shortened, never the refund number or the amount (at most {@value
   * #MAX_AMOUNT_TEXT} characters, checked before).
   */
  static String refundTarget(Order order, String outRequestNo, String amount) {
    String refund = " refund " + outRequestNo + " of " + amount;
    String target = orderTarget(order);
    int room = MAX_TARGET - refund.length();
    if (target.length() > room) {
      target = target.substring(0, room - 1) + "…";
    }
    return target + refund;
  }

  private static String describe(Order order, PaymentTimeline t) {
    return "order "
        + order.status()
        + " · refunded "
        + Money.ofMinor(t.refundedMinor(), order.amount().currency()).toDecimalString()
        + " of "
        + order.amount().toDecimalString()
        + " "
        + order.amount().currency();
  }

  private static String refused(RedirectAttributes flash, String outTradeNo, String key) {
    flash.addFlashAttribute("refused", key);
    return back(outTradeNo);
  }

  private static String back(String outTradeNo) {
    return "redirect:/ops/payments/" + outTradeNo;
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text.strip();
  }
}
