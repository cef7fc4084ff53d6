package io.payonce.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * 422: the request is well-formed but cannot be carried out as asked — {@code
 * refund-exceeds-payment} (all refunds together may not exceed what was paid) or {@code
 * idempotency-key-reused} (the key was used with another request; {@code
 * properties().get("fields")} names what differs). Asking again unchanged gets the same answer.
 */
public class UnprocessableException extends PayOnceProblemException {

  public UnprocessableException(
      int status,
      URI type,
      String title,
      String detail,
      List<FieldError> errors,
      Map<String, Object> properties,
      Duration retryAfter) {
    super(status, type, title, detail, errors, properties, retryAfter);
  }
}
