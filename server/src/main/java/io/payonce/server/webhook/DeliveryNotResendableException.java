package io.payonce.server.webhook;

/** A resend of a delivery that is still PENDING: the dispatchers are on it already. */
public class DeliveryNotResendableException extends RuntimeException {

  private final transient WebhookDelivery delivery;

  public DeliveryNotResendableException(WebhookDelivery delivery) {
    super(
        "webhook delivery "
            + delivery.id()
            + " is "
            + delivery.state()
            + "; next attempt at "
            + delivery.nextAttemptAt(),
        null,
        false,
        false);
    this.delivery = delivery;
  }

  public WebhookDelivery delivery() {
    return delivery;
  }
}
