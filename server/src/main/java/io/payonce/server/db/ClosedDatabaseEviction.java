package io.payonce.server.db;

import com.zaxxer.hikari.SQLExceptionOverride;
import java.sql.SQLException;
import java.sql.SQLNonTransientConnectionException;
import java.util.Set;

/**
 * Tells the pool that a connection whose database is closed or whose link is gone is broken, so it
 * is closed and never lent again. Hikari evicts on SQLState class 08 only, but H2 reports a closed
 * database as 90121 or 90098 on every connection it had: kept in the pool, and under load never
 * validated (a connection used within the last half second is lent unchecked), they answered every
 * request with an error for as long as the process lived, though a new connection opens the
 * database again.
 */
public class ClosedDatabaseEviction implements SQLExceptionOverride {

  /** H2's DATABASE_IS_CLOSED, DATABASE_CALLED_AT_SHUTDOWN and CONNECTION_BROKEN_1. */
  private static final Set<String> H2_CLOSED = Set.of("90098", "90121", "90067");

  @java.lang.Override
  public Override adjudicate(SQLException e) {
    return closedOrLost(e) ? Override.MUST_EVICT : Override.CONTINUE_EVICT;
  }

  /** Whether the failure says the connection's database is closed or unreachable. */
  public static boolean closedOrLost(SQLException e) {
    String state = e.getSQLState();
    return e instanceof SQLNonTransientConnectionException
        || state != null && state.startsWith("08")
        || H2_CLOSED.contains(state);
  }
}
