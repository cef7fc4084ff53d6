package io.payonce.server.ops;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpSession;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.context.SecurityContextHolder;
import org.springframework.security.core.context.SecurityContextHolderStrategy;
import org.springframework.web.filter.OncePerRequestFilter;

/**
 * Ends a console session that grants more than its operator has now, before the request is
 * authorized: each request that comes with a signed-in session reads its stored operator again, and
 * a session whose operator is gone, disabled or of another role is invalidated; the request goes on
 * signed out (a browser is sent to the form, a program answered 401).
 *
 * <p>{@link SignOutOnAccessChange} deletes the sessions an access change finds; this covers those
 * it cannot find: a sign-in that read the operator before the change and stored its session after
 * the sweep, and the sessions of a sweep that failed. One indexed read of the operator table per
 * signed-in console request; the bootstrap admin, who lives in the configuration, is not read.
 */
final class SessionAccessCheck extends OncePerRequestFilter {

  private static final Logger log = LoggerFactory.getLogger(SessionAccessCheck.class);

  private final ConsoleOperators operators;
  private final SecurityContextHolderStrategy contexts =
      SecurityContextHolder.getContextHolderStrategy();

  SessionAccessCheck(ConsoleOperators operators) {
    this.operators = operators;
  }

  @Override
  protected void doFilterInternal(
      HttpServletRequest request, HttpServletResponse response, FilterChain chain)
      throws ServletException, IOException {
    HttpSession session = request.getSession(false);
    if (session != null) {
      // Before the authentication filters: what the context holds came from the session.
      Authentication signedIn = contexts.getContext().getAuthentication();
      if (signedIn != null && !operators.stillGrants(signedIn)) {
        log.info(
            "event=console_session_ended operator={} reason=access_changed", signedIn.getName());
        session.invalidate();
        contexts.clearContext();
      }
    }
    chain.doFilter(request, response);
  }
}
