package io.payonce.server.app.web;

import io.payonce.server.web.ProblemType;
import io.payonce.server.web.ProblemWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.http.HttpHeaders;
import org.springframework.security.access.AccessDeniedException;
import org.springframework.security.authentication.AuthenticationServiceException;
import org.springframework.security.authentication.DisabledException;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.web.AuthenticationEntryPoint;
import org.springframework.security.web.access.AccessDeniedHandler;
import org.springframework.security.web.authentication.AuthenticationFailureHandler;

/**
 * The merchant API's refusals as problems: 401 {@code app-unauthorized} for a request that is not
 * signed, or whose signature, timestamp or nonce does not pass (the detail says which, in fixed
 * words), and 403 {@code app-disabled} for a disabled app.
 */
final class ApiProblemReplies
    implements AuthenticationEntryPoint, AuthenticationFailureHandler, AccessDeniedHandler {

  static final String CHALLENGE = "PayOnce-HMAC-SHA256";
  private static final Logger log = LoggerFactory.getLogger(ApiProblemReplies.class);

  @Override
  public void commence(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
      throws IOException {
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE);
    ProblemWriter.write(response, ProblemType.APP_UNAUTHORIZED.problem());
  }

  @Override
  public void onAuthenticationFailure(
      HttpServletRequest request, HttpServletResponse response, AuthenticationException e)
      throws IOException {
    if (e instanceof DisabledException) {
      ProblemWriter.write(response, ProblemType.APP_DISABLED.problem());
      return;
    }
    if (e instanceof AuthenticationServiceException) {
      // The check itself failed (the database, a secret that does not decrypt): not the client's
      // mistake, and nothing of it in the answer.
      log.warn("request signature not checked reason={}", rootName(e));
      ProblemWriter.write(response, ProblemType.INTERNAL.problem());
      return;
    }
    response.setHeader(HttpHeaders.WWW_AUTHENTICATE, CHALLENGE);
    // Every AuthenticationException reaching here carries one of our fixed sentences.
    ProblemWriter.write(response, ProblemType.APP_UNAUTHORIZED.problem(e.getMessage()));
  }

  private static String rootName(Throwable e) {
    Throwable root = e;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName();
  }

  @Override
  public void handle(
      HttpServletRequest request, HttpServletResponse response, AccessDeniedException e)
      throws IOException {
    ProblemWriter.write(response, ProblemType.FORBIDDEN.problem("This request is not allowed."));
  }
}
