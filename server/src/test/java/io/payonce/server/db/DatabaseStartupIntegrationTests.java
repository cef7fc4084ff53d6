package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.PayOnceApplication;
import io.payonce.server.testing.TcpProxy;
import io.payonce.server.testing.TestDatabase;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An instance started while its database cannot be reached — PostgreSQL behind a proxy that resets
 * every connection, as during a failover with no primary yet — waits for it instead of exiting at
 * its first refused connection, and starts once the database answers.
 */
class DatabaseStartupIntegrationTests {

  private TcpProxy proxy;
  private CompletableFuture<ConfigurableApplicationContext> starting;

  @BeforeEach
  void downDatabase() throws Exception {
    TestDatabase.POSTGRES.createIfMissing();
    URI server = URI.create(TestDatabase.POSTGRES.url().substring("jdbc:".length()));
    proxy = TcpProxy.start("postgres", server.getHost(), server.getPort());
    proxy.cut();
  }

  @AfterEach
  void stop() {
    if (starting != null) {
      starting.thenAccept(ConfigurableApplicationContext::close);
    }
    proxy.restore();
  }

  @Test
  void anInstanceStartedWhileItsDatabaseIsUnreachableWaitsAndStartsOnceItAnswers() {
    String database =
        TestDatabase.POSTGRES.url().replaceFirst("//[^/]+/", "//127.0.0.1:" + proxy.port() + "/");
    starting =
        CompletableFuture.supplyAsync(
            () ->
                new SpringApplicationBuilder(PayOnceApplication.class)
                    .profiles("test")
                    .run(
                        "--server.port=0",
                        "--spring.datasource.url=" + database,
                        "--spring.datasource.username=" + TestDatabase.POSTGRES.username(),
                        "--spring.datasource.password=" + TestDatabase.POSTGRES.password(),
                        "--spring.datasource.hikari.connection-timeout=1000",
                        "--logging.level.root=WARN"));

    await("attempts while the database is down")
        .atMost(Duration.ofSeconds(30))
        .until(() -> proxy.refusedWhileCut() >= 3 || starting.isDone());
    assertThat(starting).as("start-up gave up while the database was unreachable").isNotDone();

    proxy.restore();

    ConfigurableApplicationContext context =
        await("start-up once the database answers")
            .atMost(Duration.ofSeconds(90))
            .until(() -> starting.getNow(null), c -> c != null);
    assertThat(context.isRunning()).isTrue();
  }
}
