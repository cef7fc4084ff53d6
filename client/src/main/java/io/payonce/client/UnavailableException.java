package io.payonce.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** 503: the server or the channel could not answer now; retrying is safe. */
public class UnavailableException extends PayOnceProblemException {

  public UnavailableException(
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
