package io.payonce.server.webhook;

import java.time.Instant;
import java.util.List;

/**
 * One event's delivery to one destination, with its attempts, as operators and the console see it.
 *
 * @param destination APP (the app's webhook URL) or ORDER (the order's own notifyUrl)
 * @param attempts every attempt made, oldest first
 * @param lastStatus the last attempt's HTTP status, null when it got none
 * @param lastFailure why the last attempt failed, null when it did not
 */
public record WebhookDelivery(
    long id,
    String eventId,
    String eventType,
    String appId,
    String orderNo,
    String url,
    String destination,
    DeliveryState state,
    int attemptCount,
    Instant nextAttemptAt,
    Integer lastStatus,
    String lastFailure,
    Instant createdAt,
    Instant deliveredAt,
    List<WebhookAttempt> attempts) {

  WebhookDelivery withAttempts(List<WebhookAttempt> all) {
    return new WebhookDelivery(
        id,
        eventId,
        eventType,
        appId,
        orderNo,
        url,
        destination,
        state,
        attemptCount,
        nextAttemptAt,
        lastStatus,
        lastFailure,
        createdAt,
        deliveredAt,
        List.copyOf(all));
  }
}
