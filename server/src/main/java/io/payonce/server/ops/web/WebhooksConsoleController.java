package io.payonce.server.ops.web;

import io.payonce.server.webhook.DeliveryNotFoundException;
import io.payonce.server.webhook.DeliveryNotResendableException;
import io.payonce.server.webhook.DeliveryState;
import io.payonce.server.webhook.OperatorResend;
import io.payonce.server.webhook.WebhookDeliveries;
import io.payonce.server.webhook.WebhookDelivery;
import java.security.Principal;
import java.util.List;
import org.springframework.stereotype.Controller;
import org.springframework.ui.Model;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.servlet.mvc.support.RedirectAttributes;
import org.springframework.web.util.UriComponentsBuilder;

/**
 * {@code /ops/webhooks}: webhook deliveries with their attempts, by order number, event or state
 * (PARKED, what waits for an operator, unless asked otherwise), and the operator's Resend button —
 * the same {@link OperatorResend} as the JSON endpoint, so recorded as RESEND_WEBHOOK.
 */
@Controller
class WebhooksConsoleController {

  private static final int LIMIT = 100;

  private final WebhookDeliveries deliveries;
  private final OperatorResend resend;

  WebhooksConsoleController(WebhookDeliveries deliveries, OperatorResend resend) {
    this.deliveries = deliveries;
    this.resend = resend;
  }

  @GetMapping("/ops/webhooks")
  String list(
      @RequestParam(required = false) String orderNo,
      @RequestParam(required = false) String eventId,
      @RequestParam(required = false) DeliveryState state,
      Model model) {
    String order = blankToNull(orderNo);
    String event = blankToNull(eventId);
    DeliveryState shown =
        state == null && order == null && event == null ? DeliveryState.PARKED : state;
    List<WebhookDelivery> found;
    if (order != null) {
      found = deliveries.ofOrder(order);
    } else if (event != null) {
      found = deliveries.ofEvent(event);
    } else {
      found = deliveries.inState(shown, LIMIT);
    }
    model.addAttribute("deliveries", found);
    model.addAttribute("orderNo", order);
    model.addAttribute("eventId", event);
    model.addAttribute("state", order == null && event == null ? shown : null);
    model.addAttribute("states", DeliveryState.values());
    return "ops/webhooks";
  }

  @PostMapping("/ops/webhooks/{id}/resend")
  String resend(@PathVariable long id, Principal operator, RedirectAttributes flash) {
    try {
      WebhookDelivery after = resend.resend(id, operator.getName());
      flash.addFlashAttribute("done", "console.done.resend." + after.state().name());
      return back(after);
    } catch (DeliveryNotResendableException refused) {
      flash.addFlashAttribute("refused", "console.refused.DeliveryNotResendableException");
      return back(refused.delivery());
    } catch (DeliveryNotFoundException refused) {
      flash.addFlashAttribute("refused", "console.refused.DeliveryNotFoundException");
      return "redirect:/ops/webhooks";
    }
  }

  private static String back(WebhookDelivery delivery) {
    if (delivery.orderNo() == null) {
      return "redirect:/ops/webhooks";
    }
    return "redirect:"
        + UriComponentsBuilder.fromPath("/ops/webhooks")
            .queryParam("orderNo", delivery.orderNo())
            .encode()
            .toUriString();
  }

  private static String blankToNull(String text) {
    return text == null || text.isBlank() ? null : text.strip();
  }
}
