package io.payonce.server.web;

import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.springframework.http.server.PathContainer;
import org.springframework.web.util.pattern.PathPattern;
import org.springframework.web.util.pattern.PathPatternParser;

/**
 * A route whose callers and buyers are rate limited, declared as a bean by the feature that owns it
 * (precreate, checkout, get-token, the cashier's pay). The shared {@link RateLimitFilter} counts
 * each request against its caller's bucket — the app it was authenticated as, or for the buyer's
 * pages the client's address — and, when the route can tell, against its buyer's.
 *
 * @param name the route's name in bucket keys, metrics and settings
 * @param method the HTTP method
 * @param path the request path, a Spring path pattern ({@code /cashier/{token}/pay})
 * @param buyer the buyer a request is for, if the route can tell; read from untrusted input
 */
public record RateLimitedRoute(
    String name, String method, String path, Function<Request, Optional<String>> buyer) {

  /** The path variables of {@code requestPath} if it is this route's, else empty. */
  Optional<Map<String, String>> match(String requestMethod, String requestPath) {
    if (!method.equals(requestMethod)) {
      return Optional.empty();
    }
    PathPattern.PathMatchInfo info =
        pattern(path).matchAndExtract(PathContainer.parsePath(requestPath));
    return info == null ? Optional.empty() : Optional.of(info.getUriVariables());
  }

  private static PathPattern pattern(String path) {
    return PathPatternParser.defaultInstance.parse(path);
  }

  /**
   * What a buyer is read from.
   *
   * @param app the app the request was authenticated as; empty on the buyer's pages
   * @param variables the path's variables
   * @param parameters the query parameters
   * @param fields the JSON body's top-level fields
   */
  public record Request(
      Optional<String> app,
      Map<String, String> variables,
      Map<String, String[]> parameters,
      Map<String, Object> fields) {

    public Optional<String> variable(String name) {
      return Optional.ofNullable(variables.get(name));
    }

    public Optional<String> parameter(String name) {
      String[] values = parameters.get(name);
      return values == null || values.length == 0 ? Optional.empty() : Optional.of(values[0]);
    }

    public Optional<String> field(String name) {
      return fields.get(name) instanceof String value ? Optional.of(value) : Optional.empty();
    }
  }
}
