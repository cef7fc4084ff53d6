package io.payonce.server.web;

import java.net.URI;
import java.util.List;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;

/**
 * The stable problem types of the API. A client may switch on {@link #uri()}; titles and details
 * are for people and may change.
 */
public enum ProblemType {
  /** A field is missing or invalid; the {@code errors} property names each one. */
  VALIDATION(400, "validation", "Invalid request", "One or more fields are invalid."),
  /**
   * The request cannot be read: the body is missing or not JSON, or the query string, the form or
   * the Content-Type is malformed (a broken {@code %} escape, bytes that are not UTF-8, an unknown
   * charset, a multipart type without boundary).
   */
  MALFORMED_REQUEST(
      400, "malformed-request", "Malformed request", "The request body is missing or not JSON."),
  /** The resource already exists with different content. */
  CONFLICT(409, "conflict", "Conflict", "The resource exists with different content."),
  /** No resource at this address. */
  NOT_FOUND(404, "not-found", "Not found", "No resource at this address."),
  /** The resource does not support this HTTP method; see the Allow header. */
  METHOD_NOT_ALLOWED(
      405, "method-not-allowed", "Method not allowed", "The resource does not allow this method."),
  /** The request's Content-Type is not one the resource reads. */
  UNSUPPORTED_MEDIA_TYPE(
      415,
      "unsupported-media-type",
      "Unsupported media type",
      "Send the request body as application/json."),
  /** None of the accepted media types can be produced. */
  NOT_ACCEPTABLE(406, "not-acceptable", "Not acceptable", "This resource produces JSON."),
  /** The order is paid (or refunded): it takes no new payment. */
  ORDER_PAID(409, "order-paid", "Order already paid", "The order is paid; no new payment."),
  /** The order was closed: it takes no new payment. */
  ORDER_CLOSED(409, "order-closed", "Order closed", "The order is closed; no new payment."),
  /** Another request is creating this order's payment; see Retry-After. */
  PAYMENT_IN_PROGRESS(
      409,
      "payment-in-progress",
      "Payment in progress",
      "Another request is creating this payment; retry after a moment."),
  /**
   * The order's payment-code payment is being reversed at the channel (the buyer did not confirm in
   * time); see Retry-After. Whatever it took is given back.
   */
  PAYMENT_BEING_REVERSED(
      409,
      "payment-being-reversed",
      "Payment being reversed",
      "The buyer's payment code is being reversed at the channel: nothing it took is kept. Repeat"
          + " the same request after Retry-After to learn how it ended; the order takes a new"
          + " payment once it has."),
  /**
   * The app has no configuration of its own for the channel (and is not served by the deployment's
   * bootstrap configuration): an operator must add one (PUT /ops/api/apps/{id}/channels/...).
   */
  CHANNEL_NOT_CONFIGURED(
      409,
      "channel-not-configured",
      "Channel not configured",
      "This app has no configuration for the channel; ask the operator to add one."),
  /**
   * The order's amount is more than the channel takes in one payment (WeChat Pay: 21,474,836.47
   * yuan); {@code limit} says how much. Another channel may take it. No payment was opened.
   */
  AMOUNT_OVER_CHANNEL_LIMIT(
      422,
      "amount-over-channel-limit",
      "Amount over the channel's limit",
      "The order's amount is more than this channel takes in one payment."),
  /** The order's QR code expired; ask for a new one with refresh. */
  PAYMENT_EXPIRED(
      409, "payment-expired", "Payment expired", "The QR code expired; request a new one."),
  /** The channel's answer is not known yet; retrying is safe. See Retry-After. */
  CHANNEL_UNAVAILABLE(
      503,
      "channel-unavailable",
      "Channel unavailable",
      "The payment channel's answer is not known yet; retrying is safe."),
  /** The channel refused the payment; {@code subCode} says why. */
  CHANNEL_REFUSED(502, "channel-refused", "Channel refused", "The payment channel refused."),
  /** The Idempotency-Key (or requestId) is malformed, or the two disagree. */
  IDEMPOTENCY_KEY_INVALID(
      400, "idempotency-key-invalid", "Invalid idempotency key", "The idempotency key is invalid."),
  /** The key was used before with another body; {@code fields} names what differs. */
  IDEMPOTENCY_KEY_REUSED(
      422,
      "idempotency-key-reused",
      "Idempotency key reused",
      "The idempotency key was used with a different request."),
  /** The key's first request is still running; see Retry-After. */
  IDEMPOTENCY_KEY_IN_USE(
      409,
      "idempotency-key-in-use",
      "Idempotency key in use",
      "The first request with this key is still running."),
  /** The refunds of the payment would exceed what was paid. */
  REFUND_EXCEEDS_PAYMENT(
      422,
      "refund-exceeds-payment",
      "Refund exceeds payment",
      "All refunds together may not exceed the amount paid."),
  /** The order has no successful payment to refund. */
  ORDER_NOT_PAID(409, "order-not-paid", "Order not paid", "The order has no payment to refund."),
  /** The buyer's payment was refused by the channel (e.g. balance); subCode says why. */
  PAYMENT_REFUSED(402, "payment-refused", "Payment refused", "The buyer's payment was refused."),
  /** The database or a dependency is briefly unavailable; nothing was decided. Retry. */
  TEMPORARILY_UNAVAILABLE(
      503,
      "temporarily-unavailable",
      "Temporarily unavailable",
      "The service is briefly unavailable; retrying is safe."),
  /** The reconciliation anomaly was resolved before; its first resolution stands. */
  ANOMALY_RESOLVED(
      409,
      "anomaly-resolved",
      "Anomaly already resolved",
      "This anomaly was resolved before; its resolution stands."),
  /** The operator's console needs a credential; see WWW-Authenticate. */
  UNAUTHORIZED(
      401, "unauthorized", "Unauthorized", "This resource needs the operator's credential."),
  /** The credential does not allow this, or the operator's console is closed. */
  FORBIDDEN(
      403,
      "forbidden",
      "Forbidden",
      "Access denied; the operator's console opens only with payonce.ops.password set."),
  /**
   * The merchant API needs a signed request: the PayOnce-App-Id, -Timestamp, -Nonce and -Signature
   * headers are missing, malformed or do not verify, the timestamp is outside the window, or the
   * nonce was used before. See docs/security.md.
   */
  APP_UNAUTHORIZED(
      401,
      "app-unauthorized",
      "Unauthorized",
      "Sign the request as a merchant app (PayOnce-App-Id, PayOnce-Timestamp, PayOnce-Nonce,"
          + " PayOnce-Signature)."),
  /** The request is signed by an app that is disabled. */
  APP_DISABLED(403, "app-disabled", "App disabled", "This app is disabled."),
  /** The request body is larger than the endpoint accepts (see payonce.limits). */
  PAYLOAD_TOO_LARGE(
      413, "payload-too-large", "Payload too large", "The request body is too large."),
  /** Too many requests from this caller or for this buyer; see Retry-After. */
  TOO_MANY_REQUESTS(
      429, "too-many-requests", "Too many requests", "Too many requests; retry after a moment."),
  /** Any other client error. */
  BAD_REQUEST(400, "bad-request", "Bad request", "The request could not be understood."),
  /** The server failed; details are in its log, never in the response. */
  INTERNAL(500, "internal", "Internal error", "The server could not answer."),
  /** The pay token is unknown, malformed or expired: get a new one. */
  PAY_TOKEN_INVALID(
      400, "pay-token-invalid", "Invalid pay token", "The pay token is unknown or expired."),
  /** The pay token was issued to another user than the order's. */
  PAY_TOKEN_FORBIDDEN(
      403,
      "pay-token-forbidden",
      "Pay token of another user",
      "The pay token was issued to another user."),
  /** The pay token was used, and its first result is no longer kept. */
  PAY_TOKEN_USED(409, "pay-token-used", "Pay token used", "The pay token was used already."),
  /** The pay token store cannot be reached; retrying is safe. See Retry-After. */
  PAY_TOKEN_UNAVAILABLE(
      503,
      "pay-token-unavailable",
      "Pay tokens unavailable",
      "Pay tokens cannot be checked right now; retrying is safe.");

  private static final String BASE = "https://payonce.io/problems/";

  // The types an error status maps to when nothing more specific is known.
  private static final List<ProblemType> GENERIC =
      List.of(
          BAD_REQUEST,
          NOT_FOUND,
          METHOD_NOT_ALLOWED,
          NOT_ACCEPTABLE,
          CONFLICT,
          UNSUPPORTED_MEDIA_TYPE,
          UNAUTHORIZED,
          FORBIDDEN,
          PAYLOAD_TOO_LARGE,
          TOO_MANY_REQUESTS,
          INTERNAL);

  private final int status;
  private final URI uri;
  private final String title;
  private final String defaultDetail;

  ProblemType(int status, String slug, String title, String defaultDetail) {
    this.status = status;
    this.uri = URI.create(BASE + slug);
    this.title = title;
    this.defaultDetail = defaultDetail;
  }

  public URI uri() {
    return uri;
  }

  /** A problem of this type with its default detail. */
  public ProblemDetail problem() {
    return problem(defaultDetail);
  }

  /** A problem of this type with the given human-readable detail. */
  public ProblemDetail problem(String detail) {
    ProblemDetail problem = ProblemDetail.forStatusAndDetail(statusCode(), detail);
    problem.setType(uri);
    problem.setTitle(title);
    return problem;
  }

  /** The type for an error status reached without a more specific cause. */
  public static ProblemType forStatus(int status) {
    for (ProblemType type : GENERIC) {
      if (type.status == status) {
        return type;
      }
    }
    return status < 500 ? BAD_REQUEST : INTERNAL;
  }

  /** A problem for the given status, keeping the status even where the type is a generic one. */
  public static ResponseEntity<ProblemDetail> respond(int status, HttpHeaders headers) {
    ProblemDetail problem = forStatus(status).problem();
    problem.setStatus(status);
    return ResponseEntity.status(status).headers(headers).body(problem);
  }

  /** The response carrying a problem, as {@code application/problem+json}. */
  /** A problem whose request may be repeated after {@code after} (Retry-After, in seconds). */
  public static ResponseEntity<ProblemDetail> retryLater(
      ProblemDetail problem, java.time.Duration after) {
    return ResponseEntity.status(problem.getStatus())
        .contentType(org.springframework.http.MediaType.APPLICATION_PROBLEM_JSON)
        .header(HttpHeaders.RETRY_AFTER, Long.toString(Math.max(1, after.toSeconds())))
        .body(problem);
  }

  public static ResponseEntity<ProblemDetail> respond(ProblemDetail problem) {
    return ResponseEntity.status(problem.getStatus())
        .contentType(MediaType.APPLICATION_PROBLEM_JSON)
        .body(problem);
  }

  private org.springframework.http.HttpStatusCode statusCode() {
    return org.springframework.http.HttpStatusCode.valueOf(status);
  }
}
