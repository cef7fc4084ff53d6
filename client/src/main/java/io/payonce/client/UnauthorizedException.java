package io.payonce.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** 401 or 403: the request's signature, timestamp or nonce did not pass, or the app is disabled. */
public class UnauthorizedException extends PayOnceProblemException {

  public UnauthorizedException(
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
