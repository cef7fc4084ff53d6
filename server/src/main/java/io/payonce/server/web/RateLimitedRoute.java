package io.payonce.server.web;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * A route whose callers and buyers are rate limited, declared as a bean by the feature that owns it
 * (precreate, get-token; the checkout session when it lands). The shared {@link RateLimitFilter}
 * counts each request against its caller's bucket and, when the route can tell, against its
 * buyer's.
 *
 * @param name the route's name in bucket keys, metrics and settings
 * @param method the HTTP method
 * @param path the exact request path
 * @param buyer the buyer a request is for (the user id), if the route can tell; untrusted input
 */
public record RateLimitedRoute(
    String name, String method, String path, Function<Request, Optional<String>> buyer) {

  /** What a buyer is read from: the query parameters and the JSON body's top-level fields. */
  public record Request(Map<String, String[]> parameters, Map<String, Object> fields) {

    public Optional<String> parameter(String name) {
      String[] values = parameters.get(name);
      return values == null || values.length == 0 ? Optional.empty() : Optional.of(values[0]);
    }

    public Optional<String> field(String name) {
      return fields.get(name) instanceof String value ? Optional.of(value) : Optional.empty();
    }
  }
}
