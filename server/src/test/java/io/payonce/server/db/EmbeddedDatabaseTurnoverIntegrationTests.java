package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import com.zaxxer.hikari.HikariDataSource;
import io.payonce.server.PayOnceApplication;
import io.payonce.server.testing.Concurrently;
import io.payonce.server.testing.LocalSandbox;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The embedded server on its H2 file while the pool retires its connections as it does at every
 * max-lifetime (30 minutes by default; here one lifetime after the other), and when its database is
 * closed under it: every request is served, or answered 503 with Retry-After while the database
 * cannot serve — never 500, and never for longer than the database is away.
 */
class EmbeddedDatabaseTurnoverIntegrationTests {

  @TempDir Path data;

  private ConfigurableApplicationContext server;

  @AfterEach
  void stop() {
    if (server != null) {
      server.close();
    }
  }

  @Test
  void theEmbeddedServerServesAcrossManyPoolLifetimes() throws Exception {
    int port = LocalSandbox.freePort();
    server = start(port);
    HikariDataSource pool = server.getBean(HikariDataSource.class);
    PayOnceHttp http = new PayOnceHttp(port);
    List<String> failures = new CopyOnWriteArrayList<>();

    for (int lifetime = 0; lifetime < 5; lifetime++) {
      // Max-lifetimes are staggered: the pool is never empty, so H2 never closes and reopens the
      // database; every connection but the held one (the one that ran the migrations among them)
      // is retired and replaced.
      try (Connection held = pool.getConnection()) {
        pool.getHikariPoolMXBean().softEvictConnections();
      }
      Concurrently.run(
          4,
          n -> {
            String orderNo = http.createOrder("1.00");
            for (Answer answer :
                List.of(http.precreate(orderNo), http.query(orderNo), http.close(orderNo))) {
              if (answer.status() >= 500) {
                failures.add(answer.status() + " " + answer.body());
              }
            }
            return orderNo;
          });
    }

    assertThat(failures).isEmpty();
  }

  @Test
  void aDatabaseClosedUnderTheServerIsAnswered503WithRetryAfterAndServesAgainOnceItOpens()
      throws Exception {
    int port = LocalSandbox.freePort();
    server = start(port);
    HikariDataSource pool = server.getBean(HikariDataSource.class);
    PayOnceHttp http = new PayOnceHttp(port);
    List<String> wrong = new CopyOnWriteArrayList<>();
    AtomicInteger unavailable = new AtomicInteger();
    AtomicBoolean loading = new AtomicBoolean(true);
    ExecutorService load = Executors.newFixedThreadPool(4);
    for (int i = 0; i < 4; i++) {
      load.submit(
          () -> {
            while (loading.get()) {
              Answer answer = http.get(http.serverBase() + "/api/orders/none-" + System.nanoTime());
              if (answer.status() == 503 && answer.header("Retry-After") != null) {
                unavailable.incrementAndGet();
              } else if (answer.status() != 404) {
                wrong.add(answer.status() + " " + answer.body());
              }
            }
          });
    }
    Connection closing = pool.getConnection();
    try (Statement statement = closing.createStatement()) {
      // What H2 does when its file store fails: the database closes under every connection.
      statement.execute("SHUTDOWN");
    }
    pool.evictConnection(closing);

    // The pooled connections of the closed database are evicted; new ones open it again.
    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> http.query(http.createOrder("3.00")).status() == 200);
    loading.set(false);
    load.shutdown();
    assertThat(load.awaitTermination(60, TimeUnit.SECONDS)).isTrue();
    assertThat(wrong).as("%s answered 503 with Retry-After", unavailable).isEmpty();
  }

  private ConfigurableApplicationContext start(int port) {
    return new SpringApplicationBuilder(PayOnceApplication.class)
        .profiles("test")
        .run(
            "--server.port=" + port,
            "--spring.datasource.url=jdbc:h2:file:" + data.resolve("payonce"),
            "--spring.datasource.username=sa",
            "--spring.datasource.password=");
  }
}
