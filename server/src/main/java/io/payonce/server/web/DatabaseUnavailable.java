package io.payonce.server.web;

import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Failures that say the database could not be reached or could not serve in time — lock conflicts,
 * timeouts, no connection from the pool, a server restarting — rather than anything about the
 * request: the answer is "try again shortly" (503), and an idempotent retry is safe.
 */
final class DatabaseUnavailable {

  private DatabaseUnavailable() {}

  static boolean is(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof TransientDataAccessException
          || t instanceof CannotCreateTransactionException
          || t instanceof DataAccessResourceFailureException
          || t instanceof SQLTransientConnectionException) {
        return true;
      }
    }
    return false;
  }
}
