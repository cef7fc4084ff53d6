package io.payonce.server.webhook;

import io.payonce.server.operator.OperatorAction;
import io.payonce.server.operator.OperatorActions;
import org.springframework.stereotype.Service;

/**
 * An operator's resend of a delivery, recorded among the operators' actions (RESEND_WEBHOOK: who,
 * which delivery, its state before and after). The JSON endpoint and the console's button both come
 * here, so the two record the same thing. A resend of an event about a payment is recorded against
 * that payment (its out_trade_no), so it shows on the payment's timeline.
 */
@Service
public class OperatorResend {

  private final WebhookDeliveries deliveries;
  private final OperatorActions actions;

  OperatorResend(WebhookDeliveries deliveries, OperatorActions actions) {
    this.deliveries = deliveries;
    this.actions = actions;
  }

  /**
   * Resends it now (see {@link WebhookDeliveries#resend}).
   *
   * @throws DeliveryNotFoundException when there is no such delivery
   * @throws DeliveryNotResendableException when it is PENDING
   */
  public WebhookDelivery resend(long id, String operator) {
    WebhookDelivery before =
        deliveries.find(id).orElseThrow(() -> new DeliveryNotFoundException(id));
    return actions.run(
        new OperatorActions.Request(
            operator,
            OperatorAction.Kind.RESEND_WEBHOOK,
            "webhook delivery " + id + " " + before.eventType() + " " + before.orderNo(),
            // The payment the event concerns: the resend is shown on its timeline.
            deliveries.paymentOf(before).orElse(null),
            before.state().name()),
        () -> deliveries.resend(id, operator),
        after ->
            after.state().name()
                + " after attempt "
                + after.attemptCount()
                + " ("
                + (after.lastStatus() != null ? "HTTP " + after.lastStatus() : after.lastFailure())
                + ")");
  }
}
