package io.payonce.server.db;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
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
 * one check in flight, so probes of a hanging database pile up no threads.
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

  private Health check() {
    try (Connection connection = dataSource.getConnection()) {
      int seconds = (int) Math.max(1, timeout.toSeconds());
      return connection.isValid(seconds)
          ? Health.up().build()
          : Health.down().withDetail("error", "connection not valid").build();
    } catch (SQLException e) {
      return Health.down()
          .withDetail("error", e.getClass().getName())
          .withDetail("sqlState", String.valueOf(e.getSQLState()))
          .build();
    }
  }

  @Override
  public void destroy() {
    checker.shutdownNow();
  }
}
