package io.payonce.server.webhook.web;

import io.payonce.server.web.FieldViolation;
import io.payonce.server.web.InvalidRequestException;
import io.payonce.server.webhook.DeliveryNotFoundException;
import io.payonce.server.webhook.DeliveryState;
import io.payonce.server.webhook.OperatorResend;
import io.payonce.server.webhook.WebhookDeliveries;
import io.payonce.server.webhook.WebhookDelivery;
import java.security.Principal;
import java.util.List;
import java.util.Locale;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code /ops/webhooks/deliveries}: an order's, an event's or a state's deliveries with their
 * attempts, and an operator's resend. Behind the operator's credential (ops.OpsSecurity); a resend
 * is a POST with {@code Content-Type: application/json} (the ops chain's CSRF rule).
 */
@RestController
@RequestMapping(path = "/ops/webhooks/deliveries", produces = MediaType.APPLICATION_JSON_VALUE)
class WebhookDeliveriesController {

  private final WebhookDeliveries deliveries;
  private final OperatorResend resend;

  WebhookDeliveriesController(WebhookDeliveries deliveries, OperatorResend resend) {
    this.deliveries = deliveries;
    this.resend = resend;
  }

  @GetMapping
  List<WebhookDelivery> list(
      @RequestParam(required = false) String orderNo,
      @RequestParam(required = false) String eventId,
      @RequestParam(required = false) String state,
      @RequestParam(defaultValue = "100") int limit) {
    if (orderNo != null && !orderNo.isBlank()) {
      return deliveries.ofOrder(orderNo.strip());
    }
    if (eventId != null && !eventId.isBlank()) {
      return deliveries.ofEvent(eventId.strip());
    }
    if (state != null && !state.isBlank()) {
      return deliveries.inState(state(state), limit);
    }
    throw invalid("orderNo", "one of orderNo, eventId or state is required");
  }

  @GetMapping("/{id}")
  WebhookDelivery one(@PathVariable long id) {
    return deliveries.find(id).orElseThrow(() -> new DeliveryNotFoundException(id));
  }

  /** Resends it now; recorded as the operator's action ({@link OperatorResend}). */
  @PostMapping("/{id}/resend")
  WebhookDelivery resend(@PathVariable long id, Principal operator) {
    return resend.resend(id, operator.getName());
  }

  private static DeliveryState state(String text) {
    try {
      return DeliveryState.valueOf(text.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw invalid("state", "must be one of " + List.of(DeliveryState.values()));
    }
  }

  private static InvalidRequestException invalid(String field, String message) {
    return new InvalidRequestException(List.of(new FieldViolation(field, message)));
  }
}
