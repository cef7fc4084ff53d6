package io.payonce.client;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/** 429: too many requests; see retryAfter(). */
public class RateLimitedException extends PayOnceProblemException {

  public RateLimitedException(
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
