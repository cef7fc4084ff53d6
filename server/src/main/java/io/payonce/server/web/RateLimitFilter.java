package io.payonce.server.web;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.github.bucket4j.Bucket;
import io.github.bucket4j.ConsumptionProbe;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.log.Untrusted;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.security.Principal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Answers 429 {@code too-many-requests} with Retry-After when a caller, or a buyer, has used up its
 * bucket on a {@link RateLimitedRoute}. The caller is the app the request was authenticated as (on
 * the buyer's pages, which no app signs, the client's address). Buckets live in this instance's
 * memory: behind a load balancer of n instances a caller gets up to n times the capacity.
 *
 * <p>Runs after Spring Security — so a request that is not signed by an app never reaches a bucket
 * and cannot use up another app's by naming it — and before the idempotency filter, so a refused
 * request records nothing.
 */
@Component
class RateLimitFilter extends OncePerRequestFilter implements Ordered {

  /** Just after Spring Security's filter chain (registered at -100 by Spring Boot). */
  static final int ORDER = -100 + 10;

  private static final int BUYER_MAX = 128;

  private final RateLimitProperties props;
  private final List<RateLimitedRoute> routes;
  private final MeterRegistry meters;
  private final Cache<String, Bucket> buckets;
  // Read as the controllers read it (web.StrictJson): a key given twice is no field.
  private final JsonMapper json =
      JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  RateLimitFilter(RateLimitProperties props, List<RateLimitedRoute> routes, MeterRegistry meters) {
    this.props = props;
    this.routes = List.copyOf(routes);
    this.meters = meters;
    this.buckets =
        Caffeine.newBuilder()
            .maximumSize(props.maxTracked())
            // A bucket unused for a whole period is full again: forgetting it changes nothing.
            .expireAfterAccess(props.period())
            .build();
  }

  @Override
  public int getOrder() {
    return ORDER;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !props.enabled() || route(request).isEmpty();
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    Matched matched = route(request).orElseThrow();
    RateLimitedRoute route = matched.route();
    HttpServletRequest forward = request;
    Map<String, Object> fields = Map.of();
    if (isJson(request)) {
      byte[] body = request.getInputStream().readAllBytes();
      forward = new BufferedBodyRequest(request, body);
      fields = fields(body);
    }
    Optional<String> app = app();
    String caller =
        app.map(id -> "app:" + id).orElseGet(() -> "address:" + request.getRemoteAddr());
    Optional<Long> wait = take(route, "client", caller, props.perClient());
    if (wait.isEmpty()) {
      Optional<String> buyer =
          route
              .buyer()
              .apply(
                  new RateLimitedRoute.Request(
                      app, matched.variables(), request.getParameterMap(), fields))
              .map(id -> Untrusted.clip(id, BUYER_MAX));
      if (buyer.isPresent()) {
        wait = take(route, "buyer", buyer.get(), props.perBuyer());
      }
    }
    if (wait.isPresent()) {
      refuse(response, wait.get());
      return;
    }
    chain.doFilter(forward, response);
  }

  /** Takes one token; empty if there was one, else the seconds until there is. */
  private Optional<Long> take(RateLimitedRoute route, String kind, String id, long capacity) {
    Bucket bucket = buckets.get(route.name() + ' ' + kind + ' ' + id, key -> bucket(capacity));
    ConsumptionProbe probe = bucket.tryConsumeAndReturnRemaining(1);
    if (probe.isConsumed()) {
      return Optional.empty();
    }
    meters.counter("payonce.rate-limit.refused", "route", route.name(), "key", kind).increment();
    long nanos = probe.getNanosToWaitForRefill();
    return Optional.of(Math.max(1, (nanos + 999_999_999L) / 1_000_000_000L));
  }

  private Bucket bucket(long capacity) {
    return Bucket.builder()
        .addLimit(limit -> limit.capacity(capacity).refillGreedy(capacity, props.period()))
        .build();
  }

  private Optional<Matched> route(HttpServletRequest request) {
    String path = RequestPaths.routed(request);
    for (RateLimitedRoute route : routes) {
      Optional<Map<String, String>> variables = route.match(request.getMethod(), path);
      if (variables.isPresent()) {
        return Optional.of(new Matched(route, variables.get()));
      }
    }
    return Optional.empty();
  }

  /**
   * The app the request was authenticated as (its principal is a {@link java.security.Principal}).
   */
  private static Optional<String> app() {
    Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
    return authentication != null
            && authentication.isAuthenticated()
            && authentication.getPrincipal() instanceof Principal principal
        ? Optional.of(principal.getName())
        : Optional.empty();
  }

  private record Matched(RateLimitedRoute route, Map<String, String> variables) {}

  private static boolean isJson(HttpServletRequest request) {
    String type = request.getContentType();
    try {
      return type != null
          && MediaType.APPLICATION_JSON.isCompatibleWith(MediaType.parseMediaType(type));
    } catch (org.springframework.http.InvalidMediaTypeException e) {
      return false;
    }
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> fields(byte[] body) {
    try {
      return json.readValue(body, Object.class) instanceof Map<?, ?> map
          ? (Map<String, Object>) map
          : Map.of();
    } catch (JacksonException e) {
      return Map.of();
    }
  }

  private static void refuse(HttpServletResponse response, long retryAfterSeconds)
      throws IOException {
    ProblemDetail problem = ProblemType.TOO_MANY_REQUESTS.problem();
    response.setHeader(HttpHeaders.RETRY_AFTER, Long.toString(retryAfterSeconds));
    ProblemWriter.write(response, problem);
  }
}
