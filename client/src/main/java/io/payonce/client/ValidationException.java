package io.payonce.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** 400: the request is invalid or malformed; errors() names the fields. */
public class ValidationException extends PayOnceProblemException {

  public ValidationException(
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
