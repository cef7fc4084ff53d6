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
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.json.JsonMapper;

/**
 * Answers 429 {@code too-many-requests} with Retry-After when a caller, or a buyer, has used up its
 * bucket on a {@link RateLimitedRoute}. Buckets live in this instance's memory: behind a load
 * balancer of n instances a caller gets up to n times the capacity. Runs after {@link
 * RequestEnvelopeFilter} (the body is bounded and in memory) and before security and idempotency.
 */
@Component
class RateLimitFilter extends OncePerRequestFilter implements Ordered {

  static final String CLIENT_HEADER = "X-Client-Id";
  private static final Pattern CLIENT = Pattern.compile("[A-Za-z0-9._-]{1,64}");
  private static final int BUYER_MAX = 64;

  private final RateLimitProperties props;
  private final List<RateLimitedRoute> routes;
  private final MeterRegistry meters;
  private final Cache<String, Bucket> buckets;
  private final JsonMapper json = JsonMapper.builder().build();

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
    return RequestEnvelopeFilter.ORDER + 10;
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    return !props.enabled() || route(request).isEmpty();
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    RateLimitedRoute route = route(request).orElseThrow();
    HttpServletRequest forward = request;
    Map<String, Object> fields = Map.of();
    if (isJson(request)) {
      byte[] body = request.getInputStream().readAllBytes();
      forward = new BufferedBodyRequest(request, body);
      fields = fields(body);
    }
    Optional<Long> wait = take(route, "client", caller(request), props.perClient());
    if (wait.isEmpty()) {
      Optional<String> buyer =
          route
              .buyer()
              .apply(new RateLimitedRoute.Request(request.getParameterMap(), fields))
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

  private Optional<RateLimitedRoute> route(HttpServletRequest request) {
    String path = request.getRequestURI();
    return routes.stream()
        .filter(r -> r.path().equals(path) && r.method().equals(request.getMethod()))
        .findFirst();
  }

  private static String caller(HttpServletRequest request) {
    String client = request.getHeader(CLIENT_HEADER);
    return client != null && CLIENT.matcher(client).matches()
        ? "id:" + client
        : "address:" + request.getRemoteAddr();
  }

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
