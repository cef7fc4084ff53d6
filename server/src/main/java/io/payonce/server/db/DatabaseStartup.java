package io.payonce.server.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.context.ApplicationListener;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.dao.DataAccessResourceFailureException;
import org.springframework.transaction.CannotCreateTransactionException;

/**
 * Start-up waits for the database instead of dying when it cannot be reached: during a failover (no
 * primary for a few seconds, a leader's node killed, the connections to the old one broken) an
 * instance that starts — or restarts after a crash — used to exit on its first refused connection,
 * in Flyway, in a bean reading the database's metadata or in a start-up task, and was then started
 * again from scratch, 15–20 s each time, for as long as the failover lasted. Now the data source is
 * handed to its users only once a connection is valid, start-up tasks ({@link #run}) run again
 * while the database cannot be reached, and a start that failed only for that — the primary lost
 * after the data source first answered — starts again in the same JVM ({@link #start}), all for at
 * most {@code payonce.db.startup-wait} (default 60 s; {@code 0s} fails at once), after which
 * start-up fails as before.
 *
 * <p>Only unreachability waits: a refused connection, a connection broken or not obtainable in
 * time, no primary among the hosts (SQLState class 08, or the driver's and Spring's exceptions for
 * them). A wrong password, a missing table or any other error fails start-up at once.
 */
public final class DatabaseStartup {

  /** The property naming how long start-up waits for the database. */
  public static final String WAIT_PROPERTY = "payonce.db.startup-wait";

  static final Duration DEFAULT_WAIT = Duration.ofSeconds(60);

  private static final Logger log = LoggerFactory.getLogger(DatabaseStartup.class);

  private final Duration limit;
  private final Duration pause;
  private final LongSupplier nanos;
  private final Pauser pauser;

  /** How the wait between two attempts passes: the server parks, tests move their own time. */
  @FunctionalInterface
  interface Pauser {
    void pause(Duration duration);
  }

  public DatabaseStartup(Duration limit) {
    this(
        limit,
        Duration.ofMillis(500),
        System::nanoTime,
        d -> java.util.concurrent.locks.LockSupport.parkNanos(d.toNanos()));
  }

  DatabaseStartup(Duration limit, Duration pause, LongSupplier nanos, Pauser pauser) {
    this.limit = limit;
    this.pause = pause;
    this.nanos = nanos;
    this.pauser = pauser;
  }

  /** Returns once {@code dataSource} gives a valid connection; throws when the wait is over. */
  public void awaitReachable(DataSource dataSource) {
    run(
        "connect",
        () -> {
          try (Connection connection = dataSource.getConnection()) {
            if (!connection.isValid(5)) {
              throw new SQLTransientConnectionException("connection not valid", "08006");
            }
          } catch (SQLException e) {
            throw new DataAccessResourceFailureException("database not reachable", e);
          }
        });
  }

  /**
   * Runs a start-up task ({@code what} names it in the log), again after a pause while it fails
   * because the database cannot be reached, until {@code payonce.db.startup-wait} has passed. The
   * task must be safe to run again from the start (as a transaction that rolled back is).
   */
  public void run(String what, Runnable task) {
    long deadline = nanos.getAsLong() + limit.toNanos();
    for (int attempt = 1; ; attempt++) {
      try {
        task.run();
        if (attempt > 1) {
          log.info("db_startup task={} reachable after attempts={}", what, attempt);
        }
        return;
      } catch (RuntimeException failure) {
        if (!unreachable(failure) || nanos.getAsLong() - deadline >= 0) {
          throw failure;
        }
        log.warn(
            "db_startup task={} attempt={} database not reachable, waiting up to {} in all: {}",
            what,
            attempt,
            limit,
            rootMessage(failure));
        pauser.pause(pause);
      }
    }
  }

  /**
   * Starts the application, and starts it again in this JVM when its start failed only because the
   * database could not be reached — the primary killed while Flyway ran, say, after the data source
   * had first answered — until {@code payonce.db.startup-wait} (read from the failed start's own
   * environment) has passed since the first try.
   */
  public static ConfigurableApplicationContext start(
      SpringApplication application, String... args) {
    AtomicReference<Environment> environment = new AtomicReference<>();
    application.addListeners(
        (ApplicationListener<ApplicationEnvironmentPreparedEvent>)
            event -> environment.set(event.getEnvironment()));
    long started = System.nanoTime();
    for (int attempt = 1; ; attempt++) {
      try {
        return application.run(args);
      } catch (RuntimeException failure) {
        Duration limit =
            environment.get() == null
                ? Duration.ZERO
                : environment.get().getProperty(WAIT_PROPERTY, Duration.class, DEFAULT_WAIT);
        if (!unreachable(failure) || System.nanoTime() - started >= limit.toNanos()) {
          throw failure;
        }
        log.warn(
            "db_startup task=application attempt={} database not reachable, starting again: {}",
            attempt,
            rootMessage(failure));
        java.util.concurrent.locks.LockSupport.parkNanos(Duration.ofSeconds(1).toNanos());
      }
    }
  }

  /** Whether the failure says the database could not be reached (not that it refused the work). */
  static boolean unreachable(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof CannotCreateTransactionException
          || t instanceof SQLTransientConnectionException
          || t instanceof java.net.ConnectException) {
        return true;
      }
      if (t instanceof SQLException sql
          && sql.getSQLState() != null
          && sql.getSQLState().startsWith("08")) {
        return true;
      }
    }
    return false;
  }

  private static String rootMessage(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName();
  }
}
