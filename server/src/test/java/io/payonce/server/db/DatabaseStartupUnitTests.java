package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.DataIntegrityViolationException;
import org.springframework.jdbc.CannotGetJdbcConnectionException;
import org.springframework.transaction.CannotCreateTransactionException;

/** Start-up's wait for an unreachable database, on a clock the test moves. */
class DatabaseStartupUnitTests {

  private final AtomicLong nanos = new AtomicLong();
  private final List<Duration> pauses = new ArrayList<>();

  private DatabaseStartup startup(Duration limit) {
    return new DatabaseStartup(
        limit,
        Duration.ofMillis(500),
        nanos::get,
        d -> {
          pauses.add(d);
          nanos.addAndGet(d.toNanos());
        });
  }

  @Test
  void aTaskThatCannotReachTheDatabaseRunsAgainUntilItDoes() {
    AtomicInteger runs = new AtomicInteger();

    startup(Duration.ofSeconds(60))
        .run(
            "bootstrap",
            () -> {
              if (runs.incrementAndGet() < 3) {
                throw new CannotCreateTransactionException(
                    "no connection", new SQLException("refused", "08001"));
              }
            });

    assertThat(runs).hasValue(3);
    assertThat(pauses).hasSize(2);
  }

  @Test
  void anyOtherFailureEndsStartUpAtOnce() {
    AtomicInteger runs = new AtomicInteger();

    assertThatThrownBy(
            () ->
                startup(Duration.ofSeconds(60))
                    .run(
                        "bootstrap",
                        () -> {
                          runs.incrementAndGet();
                          throw new DataIntegrityViolationException(
                              "duplicate", new SQLException("duplicate key", "23505"));
                        }))
        .isInstanceOf(DataIntegrityViolationException.class);
    assertThat(runs).hasValue(1);
    assertThat(pauses).isEmpty();
  }

  @Test
  void theWaitEndsWithTheLastFailureOnceItsLimitHasPassed() {
    AtomicInteger runs = new AtomicInteger();
    CannotGetJdbcConnectionException down =
        new CannotGetJdbcConnectionException(
            "no primary", new SQLException("no server with targetServerType primary", "08001"));

    assertThatThrownBy(
            () ->
                startup(Duration.ofSeconds(3))
                    .run(
                        "bootstrap",
                        () -> {
                          runs.incrementAndGet();
                          throw down;
                        }))
        .isSameAs(down);
    assertThat(runs).hasValue(7);
    assertThat(Duration.ofNanos(nanos.get())).isEqualTo(Duration.ofSeconds(3));
  }

  @Test
  void noWaitFailsAtTheFirstRefusal() {
    AtomicInteger runs = new AtomicInteger();

    assertThatThrownBy(
            () ->
                startup(Duration.ZERO)
                    .run(
                        "bootstrap",
                        () -> {
                          runs.incrementAndGet();
                          throw new CannotCreateTransactionException(
                              "no connection", new SQLException("refused", "08001"));
                        }))
        .isInstanceOf(CannotCreateTransactionException.class);
    assertThat(runs).hasValue(1);
  }

  @Test
  void theDataSourceIsHandedOnOnceItGivesAValidConnection() {
    AtomicInteger asked = new AtomicInteger();
    AtomicInteger closed = new AtomicInteger();
    DataSource dataSource =
        dataSource(
            () -> {
              int n = asked.incrementAndGet();
              if (n == 1) {
                throw new SQLException("Connection refused", "08001");
              }
              return connection(n > 2, closed);
            });

    startup(Duration.ofSeconds(60)).awaitReachable(dataSource);

    assertThat(asked).as("refused, then not valid, then valid").hasValue(3);
    assertThat(closed).as("every connection it took is closed").hasValue(2);
  }

  @Test
  void aDataSourceRefusingTheCredentialsIsNotWaitedFor() {
    DataSource dataSource =
        dataSource(
            () -> {
              throw new SQLException("password authentication failed", "28P01");
            });

    assertThatThrownBy(() -> startup(Duration.ofSeconds(60)).awaitReachable(dataSource))
        .hasRootCauseMessage("password authentication failed");
    assertThat(pauses).isEmpty();
  }

  @Test
  void aStartThatFailedBecauseTheDatabaseWasLostStartsAgainInTheSameJvm() {
    FlakyAtStart.failuresLeft.set(1);
    FlakyAtStart.made.set(0);
    SpringApplication application = new SpringApplication(FlakyAtStart.class);
    application.setWebApplicationType(WebApplicationType.NONE);

    try (ConfigurableApplicationContext context =
        DatabaseStartup.start(application, "--spring.main.banner-mode=off")) {
      assertThat(context.isRunning()).isTrue();
    }
    assertThat(FlakyAtStart.made).as("the bean was made again in a second start").hasValue(2);
  }

  @Test
  void aStartThatFailedForAnyOtherReasonIsNotRepeated() {
    FlakyAtStart.failuresLeft.set(1);
    FlakyAtStart.made.set(0);
    SpringApplication application = new SpringApplication(BrokenAtStart.class);
    application.setWebApplicationType(WebApplicationType.NONE);

    assertThatThrownBy(() -> DatabaseStartup.start(application, "--spring.main.banner-mode=off"))
        .hasRootCauseMessage("relation \"orders\" does not exist");
    assertThat(BrokenAtStart.made).hasValue(1);
  }

  /** A bean whose first making finds no primary, as during a failover. */
  @Configuration(proxyBeanMethods = false)
  static class FlakyAtStart {
    static final AtomicInteger failuresLeft = new AtomicInteger();
    static final AtomicInteger made = new AtomicInteger();

    @Bean
    Object readsTheDatabase() {
      made.incrementAndGet();
      if (failuresLeft.getAndDecrement() > 0) {
        throw new CannotGetJdbcConnectionException(
            "Failed to obtain JDBC Connection",
            new SQLException("Could not find a server with specified targetServerType", "08001"));
      }
      return "read";
    }
  }

  /** A bean whose making fails for another reason than an unreachable database. */
  @Configuration(proxyBeanMethods = false)
  static class BrokenAtStart {
    static final AtomicInteger made = new AtomicInteger();

    @Bean
    Object readsTheDatabase() {
      made.incrementAndGet();
      throw new org.springframework.jdbc.BadSqlGrammarException(
          "read",
          "SELECT 1 FROM orders",
          new SQLException("relation \"orders\" does not exist", "42P01"));
    }
  }

  interface ConnectionSource {
    Connection get() throws SQLException;
  }

  private static DataSource dataSource(ConnectionSource source) {
    return (DataSource)
        Proxy.newProxyInstance(
            DataSource.class.getClassLoader(),
            new Class<?>[] {DataSource.class},
            (proxy, method, args) -> {
              if (method.getName().equals("getConnection")) {
                return source.get();
              }
              throw new UnsupportedOperationException(method.getName());
            });
  }

  private static Connection connection(boolean valid, AtomicInteger closed) {
    return (Connection)
        Proxy.newProxyInstance(
            Connection.class.getClassLoader(),
            new Class<?>[] {Connection.class},
            (proxy, method, args) ->
                switch (method.getName()) {
                  case "isValid" -> valid;
                  case "close" -> {
                    closed.incrementAndGet();
                    yield null;
                  }
                  default -> throw new UnsupportedOperationException(method.getName());
                });
  }
}
