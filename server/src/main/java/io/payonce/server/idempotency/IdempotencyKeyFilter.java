package io.payonce.server.idempotency;

import io.payonce.server.app.CallingApp;
import io.payonce.server.channel.PaymentProducts;
import io.payonce.server.web.BufferedBodyRequest;
import io.payonce.server.web.ProblemType;
import io.payonce.server.web.RequestPaths;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Pattern;
import org.springframework.http.HttpHeaders;
import org.springframework.http.MediaType;
import org.springframework.http.ProblemDetail;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;
import org.springframework.web.util.ContentCachingResponseWrapper;
import tools.jackson.core.JacksonException;
import tools.jackson.core.StreamReadFeature;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationFeature;
import tools.jackson.databind.json.JsonMapper;

/**
 * Applies Idempotency-Key semantics to the configured POST endpoints. The key is the {@code
 * Idempotency-Key} header or the body's {@code requestId} (1 to 64 visible characters); it is
 * scoped to the caller ({@code X-Client-Id}, else "default") and bound to the endpoint and the
 * body's canonical JSON (key order and white space do not count, {@code requestId} is not part of
 * it): the same key on another endpoint is a reuse, answered 422. Only final outcomes are stored: a
 * response that says "try again" (5xx, or any with Retry-After) releases the key.
 *
 * <p>A body may instead carry a key the server issued ({@link IssuedKeys#FIELD}, a pay token): it
 * is checked first (unknown or expired: 400, another user's: 403), scoped to the path alone since
 * the server, not the caller, made it unique, and consumed once by the request that runs.
 */
@Component
class IdempotencyKeyFilter extends OncePerRequestFilter {

  static final String HEADER = "Idempotency-Key";
  static final String REPLAYED = "Idempotent-Replayed";
  private static final String CLIENT_HEADER = "X-Client-Id";
  // Named in a 422 when a key is reused on another endpoint; no request body has such a field.
  private static final String ENDPOINT = "_endpoint";
  private static final int MAX_BODY = 4000;
  // As long as the payment's request_id column: a key is stored with the payment it opened.
  private static final Pattern KEY = Pattern.compile("[\\x21-\\x7E]{1,64}");
  private static final Pattern CLIENT = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private final IdempotencyKeys keys;
  private final IdempotencyProperties props;
  private final PaymentProducts products;
  private final IssuedKeys issued;
  private final JsonMapper canonicalJson =
      JsonMapper.builder().enable(SerializationFeature.ORDER_MAP_ENTRIES_BY_KEYS).build();
  // Read as the controllers read it: a body with a key given twice is no body of a request, so no
  // key of it is remembered (the controller refuses it).
  private final JsonMapper json =
      JsonMapper.builder().enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION).build();

  IdempotencyKeyFilter(
      IdempotencyKeys keys,
      IdempotencyProperties props,
      PaymentProducts products,
      org.springframework.beans.factory.ObjectProvider<IssuedKeys> issued) {
    this.keys = keys;
    this.props = props;
    this.products = products;
    this.issued = issued.getIfAvailable();
  }

  @Override
  protected boolean shouldNotFilter(HttpServletRequest request) {
    if (!"POST".equals(request.getMethod())) {
      return true;
    }
    String path = RequestPaths.routed(request);
    return products.at(path).isEmpty() && !props.paths().contains(path);
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    byte[] body = request.getInputStream().readNBytes(MAX_BODY + 1);
    if (body.length > MAX_BODY) {
      // Its canonical form is stored with the key: a body the column cannot hold is refused whole.
      writeProblem(response, tooLarge(), null);
      return;
    }
    HttpServletRequest cached = new BufferedBodyRequest(request, body);
    Map<String, Object> fields = parse(body);
    if (issued != null && fields != null) {
      Object issuedKey = fields.get(IssuedKeys.FIELD);
      if (issuedKey != null) {
        runWithIssuedKey(cached, response, chain, fields, issuedKey);
        return;
      }
      if (issued.requiredFor(RequestPaths.routed(request))) {
        writeProblem(response, issuedKeyMissing(), null);
        return;
      }
    }
    String headerKey = request.getHeader(HEADER);
    Object bodyKey = fields == null ? null : fields.get("requestId");
    if (fields == null || (headerKey == null && bodyKey == null)) {
      // No key, or a body the controller will refuse anyway: nothing to remember.
      chain.doFilter(cached, response);
      return;
    }
    String key = headerKey != null ? headerKey : String.valueOf(bodyKey);
    if (!KEY.matcher(key).matches()
        || (headerKey != null && bodyKey != null && !headerKey.equals(String.valueOf(bodyKey)))) {
      writeProblem(
          response,
          badKey("requestId and the Idempotency-Key header must agree, 1-64 visible characters"),
          null);
      return;
    }
    // One key, one request, whatever the endpoint: a key sent to precreate and then to barcode pay
    // is a reuse with another request (422 naming the endpoint), never two payments.
    String scope = caller(request);
    String canonical = canonical(fields, RequestPaths.routed(request));
    if (canonical.length() > MAX_BODY) {
      writeProblem(response, tooLarge(), null);
      return;
    }
    IdempotencyKeys.Begin begin = keys.begin(scope, key, sha256(canonical), canonical);
    if (answered(response, begin, canonical)) {
      return;
    }
    run(cached, response, chain, scope, key, ((IdempotencyKeys.Run) begin).owner(), () -> {});
  }

  private void runWithIssuedKey(
      HttpServletRequest request,
      HttpServletResponse response,
      FilterChain chain,
      Map<String, Object> fields,
      Object value)
      throws ServletException, IOException {
    if (!(value instanceof String key) || !KEY.matcher(key).matches()) {
      writeProblem(response, ProblemType.PAY_TOKEN_INVALID.problem(), null);
      return;
    }
    String scope = app(request) + " " + IssuedKeys.FIELD + " " + RequestPaths.routed(request);
    String canonical = canonical(fields, RequestPaths.routed(request));
    if (canonical.length() > MAX_BODY) {
      writeProblem(response, tooLarge(), null);
      return;
    }
    String owner;
    try {
      java.util.Optional<IssuedKeys.Refusal> refusal = issued.refusal(app(request), key, fields);
      if (refusal.isPresent()) {
        writeProblem(response, problem(refusal.get()), null);
        return;
      }
      IdempotencyKeys.Begin begin = keys.begin(scope, key, sha256(canonical), canonical);
      if (answered(response, begin, canonical)) {
        return;
      }
      owner = ((IdempotencyKeys.Run) begin).owner();
      // Only the request that runs consumes the token; if its key record was lost, it was used.
      if (!issued.consume(app(request), key)) {
        keys.release(scope, key, owner);
        writeProblem(response, ProblemType.PAY_TOKEN_USED.problem(), null);
        return;
      }
    } catch (IssuedKeys.Unavailable e) {
      writeProblem(response, ProblemType.PAY_TOKEN_UNAVAILABLE.problem(), "1");
      return;
    }
    String appId = app(request);
    run(request, response, chain, scope, key, owner, () -> restore(appId, key));
  }

  private void restore(String appId, String key) {
    try {
      issued.restore(appId, key);
    } catch (IssuedKeys.Unavailable e) {
      // The token stays used: a retry is told so (409) instead of running twice.
      org.slf4j.LoggerFactory.getLogger(IdempotencyKeyFilter.class)
          .warn("pay token not restored reason=store-unavailable");
    }
  }

  /** Answers a request whose key was seen before; false if the request is to run. */
  private boolean answered(
      HttpServletResponse response, IdempotencyKeys.Begin begin, String canonical)
      throws IOException {
    if (begin instanceof IdempotencyKeys.Replay replay) {
      replay(response, replay);
    } else if (begin instanceof IdempotencyKeys.Mismatch mismatch) {
      writeProblem(response, mismatch(differingFields(mismatch.storedBody(), canonical)), null);
    } else if (begin instanceof IdempotencyKeys.InProgress) {
      writeProblem(response, inProgress(), "1");
    } else {
      return false;
    }
    return true;
  }

  private void run(
      HttpServletRequest request,
      HttpServletResponse response,
      FilterChain chain,
      String scope,
      String key,
      String owner,
      Runnable onRelease)
      throws ServletException, IOException {
    ContentCachingResponseWrapper wrapper = new ContentCachingResponseWrapper(response);
    boolean stored = false;
    try {
      chain.doFilter(request, wrapper);
      int status = wrapper.getStatus();
      byte[] content = wrapper.getContentAsByteArray();
      boolean isFinal =
          status < 500
              && status != 202
              && wrapper.getHeader(HttpHeaders.RETRY_AFTER) == null
              && content.length > 0;
      if (isFinal && content.length <= MAX_BODY) {
        keys.complete(scope, key, owner, status, new String(content, StandardCharsets.UTF_8));
        stored = true;
      }
    } finally {
      if (!stored) {
        keys.release(scope, key, owner);
        onRelease.run();
      }
      wrapper.copyBodyToResponse();
    }
  }

  private static void replay(HttpServletResponse response, IdempotencyKeys.Replay replay)
      throws IOException {
    byte[] bytes = replay.body().getBytes(StandardCharsets.UTF_8);
    response.setStatus(replay.status());
    response.setContentType(
        replay.status() < 400
            ? MediaType.APPLICATION_JSON_VALUE
            : MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    response.setHeader(REPLAYED, "true");
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }

  private void writeProblem(HttpServletResponse response, ProblemDetail problem, String retryAfter)
      throws IOException {
    // Written here, outside Spring MVC: flatten the extension members as RFC 9457 wants them.
    Map<String, Object> members = new java.util.LinkedHashMap<>();
    members.put("type", problem.getType().toString());
    members.put("title", problem.getTitle());
    members.put("status", problem.getStatus());
    members.put("detail", problem.getDetail());
    if (problem.getProperties() != null) {
      members.putAll(problem.getProperties());
    }
    byte[] bytes = json.writeValueAsBytes(members);
    response.setStatus(problem.getStatus());
    response.setContentType(MediaType.APPLICATION_PROBLEM_JSON_VALUE);
    if (retryAfter != null) {
      response.setHeader(HttpHeaders.RETRY_AFTER, retryAfter);
    }
    response.setContentLength(bytes.length);
    response.getOutputStream().write(bytes);
  }

  @SuppressWarnings("unchecked")
  private Map<String, Object> parse(byte[] body) {
    try {
      Object value = json.readValue(body, Object.class);
      return value instanceof Map<?, ?> map ? (Map<String, Object>) map : null;
    } catch (JacksonException e) {
      return null;
    }
  }

  /** The body as compared between uses of a key, with the endpoint it was sent to. */
  private String canonical(Map<String, Object> fields, String endpoint) {
    Map<String, Object> withoutKey = new TreeMap<>(fields);
    withoutKey.remove("requestId");
    withoutKey.remove(IssuedKeys.FIELD);
    withoutKey.put(ENDPOINT, endpoint);
    return canonicalJson.writeValueAsString(withoutKey);
  }

  private List<String> differingFields(String stored, String current) {
    JsonNode before = json.readTree(stored);
    JsonNode after = json.readTree(current);
    TreeSet<String> names = new TreeSet<>();
    before.propertyNames().forEach(names::add);
    after.propertyNames().forEach(names::add);
    List<String> differing = new ArrayList<>();
    for (String name : names) {
      if (!java.util.Objects.equals(before.get(name), after.get(name))) {
        differing.add(name);
      }
    }
    return differing;
  }

  /** Keys of different apps never meet; within an app, neither do different callers'. */
  private static String caller(HttpServletRequest request) {
    String client = request.getHeader(CLIENT_HEADER);
    String scope =
        app(request)
            + " "
            + (client != null && CLIENT.matcher(client).matches() ? client : "default");
    // The scope column holds 128 characters: a longest app id with a longest client id is cut to
    // the app id and a digest of the client id, still one scope per caller.
    return scope.length() <= 128 ? scope : app(request) + " " + sha256(client).substring(0, 32);
  }

  /** The app the request was authenticated as (the merchant API's chain ran before this filter). */
  private static String app(HttpServletRequest request) {
    Authentication authentication = SecurityContextHolder.getContext().getAuthentication();
    return authentication != null && authentication.getPrincipal() instanceof CallingApp app
        ? app.appId()
        : "-";
  }

  private static ProblemDetail problem(IssuedKeys.Refusal refusal) {
    return switch (refusal) {
      case UNKNOWN -> ProblemType.PAY_TOKEN_INVALID.problem();
      case EXPIRED ->
          ProblemType.PAY_TOKEN_INVALID.problem("The pay token expired; get a new one.");
      case ANOTHER_USERS -> ProblemType.PAY_TOKEN_FORBIDDEN.problem();
    };
  }

  private static ProblemDetail tooLarge() {
    return ProblemType.PAYLOAD_TOO_LARGE.problem(
        "This endpoint takes a body of at most " + MAX_BODY + " bytes.");
  }

  private static ProblemDetail badKey(String detail) {
    return ProblemType.IDEMPOTENCY_KEY_INVALID.problem(detail);
  }

  private static ProblemDetail issuedKeyMissing() {
    ProblemDetail problem = ProblemType.VALIDATION.problem();
    problem.setProperty(
        "errors",
        List.of(
            new io.payonce.server.web.FieldViolation(
                IssuedKeys.FIELD, "is required: get one from GET /api/pay/get-token")));
    return problem;
  }

  private static ProblemDetail mismatch(List<String> fields) {
    ProblemDetail problem =
        ProblemType.IDEMPOTENCY_KEY_REUSED.problem(
            "This idempotency key was used with a different request body.");
    problem.setProperty("fields", fields);
    return problem;
  }

  private static ProblemDetail inProgress() {
    return ProblemType.IDEMPOTENCY_KEY_IN_USE.problem(
        "The first request with this idempotency key is still running; retry after a moment.");
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
