package io.payonce.server.web;

import io.payonce.server.channel.ChannelCallback;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import org.springframework.core.Ordered;
import org.springframework.http.HttpHeaders;
import org.springframework.http.ProblemDetail;
import org.springframework.http.ResponseEntity;
import org.springframework.stereotype.Component;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * A database outage met by a filter (authentication, idempotency) before or after any controller
 * escapes the filter chain: it is answered here — 503 with Retry-After, the request's own path as
 * the problem's {@code instance}, on a channel's callback that channel's failure reply — and logged
 * as one WARN line. Left to the container, it logged an ERROR with the whole stack trace and went
 * through the error dispatch, whose problem named {@code /error} as its instance. Any other failure
 * goes on to the container as before.
 */
@Component
class DatabaseOutageFilter extends OncePerRequestFilter implements Ordered {

  /** Right after the request's envelope is checked, before Spring Security's chain. */
  static final int ORDER = RequestEnvelopeFilter.ORDER + 1;

  private final ChannelCallbacks callbacks;

  DatabaseOutageFilter(ChannelCallbacks callbacks) {
    this.callbacks = callbacks;
  }

  @Override
  public int getOrder() {
    return ORDER;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    try {
      chain.doFilter(request, response);
    } catch (IOException | ServletException | RuntimeException e) {
      if (response.isCommitted() || !DatabaseUnavailable.is(e)) {
        throw e;
      }
      ResponseEntity<ProblemDetail> answer = ApiExceptionHandler.databaseUnavailable(e);
      response.reset();
      Optional<ChannelCallback> callback = callbacks.of(request);
      if (callback.isPresent()) {
        ChannelCallbacks.refuse(callback.get(), response, answer.getStatusCode().value());
        return;
      }
      ProblemDetail problem = answer.getBody();
      problem.setInstance(ProblemErrorController.instance(request.getRequestURI()));
      response.setHeader(
          HttpHeaders.RETRY_AFTER, answer.getHeaders().getFirst(HttpHeaders.RETRY_AFTER));
      ProblemWriter.write(response, problem);
    }
  }
}
