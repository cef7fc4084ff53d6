package io.payonce.server.web;

import io.payonce.server.db.ClosedDatabaseEviction;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.dao.TransientDataAccessException;
import org.springframework.transaction.CannotCreateTransactionException;
import org.springframework.transaction.TransactionSystemException;

/**
 * Failures that say the database could not be reached or could not serve in time — lock conflicts,
 * timeouts, no connection from the pool, a server restarting or refusing connections, a database
 * closed under the process, a connection lost during COMMIT — rather than anything about the
 * request: the answer is "try again shortly" (503), and an idempotent retry is safe. A lost
 * COMMIT's outcome is unknown, and the retry is what learns it: it finds whatever was committed.
 */
final class DatabaseUnavailable {

  private DatabaseUnavailable() {}

  static boolean is(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof TransientDataAccessException
          || t instanceof CannotCreateTransactionException
          || t instanceof DataAccessResourceFailureException
          || t instanceof SQLTransientConnectionException
          // A closed or unreachable database, whatever Spring made of it: H2's "database is
          // closed" (90121) arrived wrapped in a DataIntegrityViolationException.
          || t instanceof SQLException sql && ClosedDatabaseEviction.closedOrLost(sql)) {
        return true;
      }
      if (t instanceof TransactionSystemException system) {
        // A commit or rollback that failed on its connection. When the connection broke during
        // COMMIT, the transaction manager's rollback fails too (the pool has closed the
        // connection), and only that failure is thrown, not the commit's. A rollback that failed
        // after the work itself had failed is decided by the work's failure.
        Throwable work = system.getApplicationException();
        return work == null || is(work);
      }
    }
    return false;
  }
}
