package io.payonce.server.webhook;

import java.time.Instant;

/**
 * One POST of a delivery.
 *
 * @param attemptNo the delivery's attempt counter when it was made (1 for the first)
 * @param cause SCHEDULE (the dispatcher) or RESEND (an operator)
 * @param requestedBy the operator who asked for a resend; null for the dispatcher's attempts
 * @param statusCode the receiver's HTTP status; null when there was no answer
 * @param failure why it failed without a status (timeout, refused connection, refused destination),
 *     or null
 * @param stateAfter the state this attempt moved its delivery to; null when it moved nothing (its
 *     lease had been taken over, or another attempt had delivered it first)
 */
public record WebhookAttempt(
    long id,
    int attemptNo,
    String cause,
    String requestedBy,
    Instant startedAt,
    long latencyMs,
    Integer statusCode,
    String failure,
    DeliveryState stateAfter) {

  /** Whether the receiver took it (2xx). */
  public boolean succeeded() {
    return statusCode != null && statusCode / 100 == 2;
  }
}
