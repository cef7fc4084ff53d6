package io.payonce.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * 409: the request conflicts with the resource's state: the order exists with other fields, is paid
 * or closed, has a payment in progress.
 */
public class ConflictException extends PayOnceProblemException {

  public ConflictException(
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
