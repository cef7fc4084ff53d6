package io.payonce.server.web;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.channel.ChannelCallback;
import io.payonce.server.log.Untrusted;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.apache.tomcat.util.http.InvalidParameterException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.HttpStatus;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;
import org.springframework.stereotype.Component;
import org.springframework.util.StringUtils;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * The first look at every request, before security, idempotency and Spring MVC, at what no endpoint
 * can read: a Content-Type that does not parse (or names an unknown charset), a multipart type
 * without its boundary, a query string or form with a broken {@code %} escape or bytes that are not
 * UTF-8, a body that cannot be read, and a body larger than {@link RequestLimits}. Such a request
 * is refused here — 400 {@code malformed-request} or 413 {@code payload-too-large}, on a channel's
 * callback that channel's failure reply — so the container's exceptions never reach a controller as
 * a 500, and nothing downstream runs. A body it accepts is read whole (bounded) and handed on in
 * memory.
 */
@Component
class RequestEnvelopeFilter extends OncePerRequestFilter implements Ordered {

  /** After Boot's character encoding filter, before Spring Security's chain (-100). */
  static final int ORDER = Ordered.HIGHEST_PRECEDENCE + 10;

  private static final Logger log = LoggerFactory.getLogger(RequestEnvelopeFilter.class);
  // HTTP's own methods; any other (FOO, CONNECT, a lower-case get) is refused with 405 rather
  // than the servlet's 501, so that no client can make the server answer 5xx.
  private static final java.util.Set<String> METHODS =
      java.util.Set.of("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE");

  private final RequestLimits limits;
  private final ChannelCallbacks callbacks;
  private final MeterRegistry meters;

  RequestEnvelopeFilter(RequestLimits limits, ChannelCallbacks callbacks, MeterRegistry meters) {
    this.limits = limits;
    this.callbacks = callbacks;
    this.meters = meters;
  }

  @Override
  public int getOrder() {
    return ORDER;
  }

  /** Why a request was refused: its status and the detail a client sees. */
  private enum Refusal {
    CONTENT_TYPE(HttpStatus.BAD_REQUEST, "The Content-Type header is malformed."),
    NO_BOUNDARY(HttpStatus.BAD_REQUEST, "A multipart Content-Type needs a boundary."),
    UNREADABLE_BODY(HttpStatus.BAD_REQUEST, "The request body could not be read."),
    PARAMETERS(HttpStatus.BAD_REQUEST, "The query string or form is malformed."),
    TOO_LARGE(HttpStatus.PAYLOAD_TOO_LARGE, null),
    METHOD(HttpStatus.METHOD_NOT_ALLOWED, null);

    final HttpStatus status;
    final String detail;

    Refusal(HttpStatus status, String detail) {
      this.status = status;
      this.detail = detail;
    }
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    Optional<ChannelCallback> callback = callbacks.of(request);
    if (!METHODS.contains(request.getMethod())) {
      refuse(request, response, callback, Refusal.METHOD);
      return;
    }
    long max = (callback.isPresent() ? limits.maxCallbackBody() : limits.maxBody()).toBytes();
    MediaType type;
    try {
      type = contentType(request);
    } catch (InvalidMediaTypeException e) {
      refuse(request, response, callback, Refusal.CONTENT_TYPE);
      return;
    }
    if (type != null && "multipart".equals(type.getType()) && !hasBoundary(type)) {
      refuse(request, response, callback, Refusal.NO_BOUNDARY);
      return;
    }
    if (request.getContentLengthLong() > max) {
      refuse(request, response, callback, Refusal.TOO_LARGE);
      return;
    }
    HttpServletRequest checked = request;
    if (hasBody(request) && !isForm(type)) {
      // Form bodies are left to the container, which parses them itself (bounded by
      // server.tomcat.max-http-form-post-size); every other body is read here, bounded.
      byte[] body;
      try {
        body = request.getInputStream().readNBytes(Math.toIntExact(max + 1));
      } catch (IOException e) {
        refuse(request, response, callback, Refusal.UNREADABLE_BODY);
        return;
      }
      if (body.length > max) {
        refuse(request, response, callback, Refusal.TOO_LARGE);
        return;
      }
      checked = new BufferedBodyRequest(request, body);
    }
    try {
      // Parsed now, once: every later getParameter sees the same (valid) parameters.
      if (!printable(checked.getParameterMap())) {
        refuse(request, response, callback, Refusal.PARAMETERS);
        return;
      }
    } catch (IllegalStateException e) {
      refuse(request, response, callback, tooLarge(e) ? Refusal.TOO_LARGE : Refusal.PARAMETERS);
      return;
    }
    chain.doFilter(checked, response);
  }

  /**
   * Whether every parameter name and value is made of assigned, non-control characters — what
   * Spring Security's firewall demands when a controller reads them, refused here instead.
   */
  private static boolean printable(java.util.Map<String, String[]> parameters) {
    for (var entry : parameters.entrySet()) {
      if (!printable(entry.getKey())) {
        return false;
      }
      for (String value : entry.getValue()) {
        if (!printable(value)) {
          return false;
        }
      }
    }
    return true;
  }

  private static boolean printable(String text) {
    return text.codePoints().allMatch(c -> Character.isDefined(c) && !Character.isISOControl(c));
  }

  private static MediaType contentType(HttpServletRequest request) {
    // The header as sent: getContentType() shows the charset Boot's encoding filter forced.
    String value = request.getHeader(HttpHeaders.CONTENT_TYPE);
    if (!StringUtils.hasText(value)) {
      return null;
    }
    MediaType type = MediaType.parseMediaType(value);
    try {
      type.getCharset();
    } catch (IllegalArgumentException unknownCharset) {
      throw new InvalidMediaTypeException(value, "unknown charset");
    }
    return type;
  }

  private static boolean hasBoundary(MediaType type) {
    return StringUtils.hasText(type.getParameter("boundary"));
  }

  private static boolean hasBody(HttpServletRequest request) {
    return request.getContentLengthLong() > 0
        || request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null;
  }

  private static boolean isForm(MediaType type) {
    return type != null && MediaType.APPLICATION_FORM_URLENCODED.equalsTypeAndSubtype(type);
  }

  private static boolean tooLarge(IllegalStateException e) {
    return e instanceof InvalidParameterException invalid
        && invalid.getErrorCode() == HttpStatus.PAYLOAD_TOO_LARGE.value();
  }

  private void refuse(
      HttpServletRequest request,
      HttpServletResponse response,
      Optional<ChannelCallback> callback,
      Refusal refusal)
      throws IOException {
    meters.counter("payonce.requests.refused", "reason", refusal.name()).increment();
    log.debug(
        "event=request_refused reason={} method={} path={}",
        refusal,
        Untrusted.forLog(request.getMethod()),
        Untrusted.forLog(request.getRequestURI()));
    if (callback.isPresent()) {
      ChannelCallbacks.refuse(callback.get(), response, refusal.status.value());
    } else if (refusal == Refusal.TOO_LARGE) {
      ProblemWriter.write(response, ProblemType.PAYLOAD_TOO_LARGE.problem());
    } else if (refusal == Refusal.METHOD) {
      ProblemWriter.write(response, ProblemType.METHOD_NOT_ALLOWED.problem());
    } else {
      ProblemWriter.write(response, ProblemType.MALFORMED_REQUEST.problem(refusal.detail));
    }
  }
}
