package io.payonce.server.payment.web;

import java.util.regex.Pattern;

/**
 * A request's id: the body's {@code requestId}, or else its {@code Idempotency-Key} header (the
 * idempotency filter has checked that both agree when both are given). Stored with the payment it
 * opens, so it is as long as that column allows.
 */
final class RequestIds {

  static final String HEADER = "Idempotency-Key";
  static final String RULE = "must be 1 to 64 visible characters";

  private static final Pattern VALID = Pattern.compile("[\\x21-\\x7E]{1,64}");

  private RequestIds() {}

  /** Whether an optional request id is acceptable (null is: none given). */
  static boolean isValid(String requestId) {
    return requestId == null || VALID.matcher(requestId).matches();
  }

  static String of(String bodyRequestId, String headerKey) {
    if (bodyRequestId != null) {
      return bodyRequestId;
    }
    return headerKey != null && VALID.matcher(headerKey).matches() ? headerKey : null;
  }
}
