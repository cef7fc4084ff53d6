package io.payonce.server.ops;

import io.payonce.server.operator.OperatorAccessChanged;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.context.event.EventListener;
import org.springframework.session.FindByIndexNameSessionRepository;
import org.springframework.session.Session;
import org.springframework.stereotype.Component;

/**
 * Ends every console session of an operator whose role or status changed, on every instance (the
 * sessions are rows): a session keeps the roles it signed in with, so a disabled operator would
 * otherwise keep acting, and a demoted one keep their old role, until the session expired. They
 * sign in again, as what they now are. A session this sweep cannot see (stored by a sign-in that
 * read the operator before the change) is ended at its next request by {@link SessionAccessCheck}.
 */
@Component
class SignOutOnAccessChange {

  private static final Logger log = LoggerFactory.getLogger(SignOutOnAccessChange.class);

  private final FindByIndexNameSessionRepository<? extends Session> sessions;

  SignOutOnAccessChange(FindByIndexNameSessionRepository<? extends Session> sessions) {
    this.sessions = sessions;
  }

  @EventListener
  void on(OperatorAccessChanged changed) {
    java.util.Set<String> ended;
    try {
      ended = sessions.findByPrincipalName(changed.username()).keySet();
      ended.forEach(sessions::deleteById);
    } catch (org.springframework.dao.DataAccessException e) {
      // The change itself is stored; SessionAccessCheck ends each session at its next request.
      log.error(
          "event=sessions_not_ended operator={} detail=\"access changed, but its console sessions"
              + " could not be deleted now; each is ended at its next request\"",
          changed.username());
      return;
    }
    log.info(
        "operator {}: access changed, {} console session(s) ended",
        changed.username(),
        ended.size());
  }
}
