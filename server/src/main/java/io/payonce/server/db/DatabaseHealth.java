package io.payonce.server.db;

import com.zaxxer.hikari.HikariDataSource;
import com.zaxxer.hikari.util.DriverDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Properties;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import javax.sql.DataSource;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.health.contributor.Health;
import org.springframework.boot.health.contributor.HealthIndicator;
import org.springframework.stereotype.Component;

/**
 * The health of the database ({@code db}, in place of Boot's), which the readiness group includes:
 * an instance whose database is closed or unreachable is taken out of its load balancer's rotation
 * while its liveness stays UP. Boot's indicator would wait for a connection as long as the pool
 * does (30 s by default), past any probe's timeout; this one answers within {@code
 * payonce.health.db-timeout} (DOWN when the database has not answered by then) and keeps at most
 * one check in flight, so probes of a hanging database pile up no threads. It asks through a
 * connection of its own, not one of the pool's: a pool whose every connection is lent out (a burst,
 * rows waited for) is busy, not down, and taking every instance out of rotation at once for it
 * would turn load into an outage.
 */
@Component("dbHealthIndicator")
class DatabaseHealth implements HealthIndicator, DisposableBean {

  private final DataSource dataSource;
  private final Duration timeout;
  private final ExecutorService checker =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread thread = new Thread(r, "db-health");
            thread.setDaemon(true);
            return thread;
          });
  private final AtomicReference<CompletableFuture<Health>> inFlight = new AtomicReference<>();
  private Connection own;

  DatabaseHealth(
      DataSource dataSource, @Value("${payonce.health.db-timeout:2s}") Duration timeout) {
    this.dataSource = dataSource;
    this.timeout = timeout;
  }

  @Override
  public Health health() {
    CompletableFuture<Health> check =
        inFlight.updateAndGet(
            running ->
                running == null || running.isDone()
                    ? CompletableFuture.supplyAsync(this::check, checker)
                    : running);
    try {
      return check.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (TimeoutException e) {
      return Health.down().withDetail("error", "no answer within " + timeout).build();
    } catch (ExecutionException e) {
      return Health.down().withDetail("error", e.getCause().getClass().getName()).build();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return Health.down().build();
    }
  }

  /** Runs on the checker thread alone, which owns {@link #own}. */
  private Health check() {
    int seconds = (int) Math.max(1, timeout.toSeconds());
    try {
      if (own != null && !own.isValid(seconds)) {
        // Lost since the last check (a restart, a failover): one new connection decides.
        closeOwn();
      }
      if (own == null) {
        own = open();
      }
      return own.isValid(seconds)
          ? Health.up().build()
          : Health.down().withDetail("error", "connection not valid").build();
    } catch (SQLException e) {
      closeOwn();
      return Health.down()
          .withDetail("error", e.getClass().getName())
          .withDetail("sqlState", String.valueOf(e.getSQLState()))
          .build();
    }
  }

  /** A connection outside the pool, as the pool would open it; the pool's own elsewhere. */
  private Connection open() throws SQLException {
    if (dataSource instanceof HikariDataSource hikari && hikari.getJdbcUrl() != null) {
      Properties properties = new Properties();
      properties.putAll(hikari.getDataSourceProperties());
      return new DriverDataSource(
              hikari.getJdbcUrl(),
              hikari.getDriverClassName(),
              properties,
              hikari.getUsername(),
              hikari.getPassword())
          .getConnection();
    }
    return dataSource.getConnection();
  }

  private void closeOwn() {
    if (own != null) {
      try {
        own.close();
      } catch (SQLException e) {
        // Already broken: nothing to give back.
      }
      own = null;
    }
  }

  @Override
  public void destroy() {
    checker.shutdownNow();
    try {
      if (checker.awaitTermination(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
        closeOwn();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
