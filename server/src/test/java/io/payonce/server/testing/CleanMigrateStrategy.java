package io.payonce.server.testing;

import java.sql.Connection;
import java.sql.SQLException;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Drops whatever an earlier run (or an older PayOnce) left in the test database, then migrates: the
 * shared MariaDB and PostgreSQL {@code test} databases outlive test runs. Test-only: clean is
 * disabled outside the {@code test} profile.
 *
 * <p>Each database is cleaned once per test JVM: a later context (one with other properties) only
 * migrates. Cleaning again would drop and recreate the schema under the cached contexts that still
 * use it, and H2 then refuses their statements ("Check constraint invalid").
 */
@TestConfiguration(proxyBeanMethods = false)
class CleanMigrateStrategy {

  private static final Set<String> CLEANED = ConcurrentHashMap.newKeySet();

  @Bean
  FlywayMigrationStrategy cleanThenMigrate() {
    return flyway -> {
      if (CLEANED.add(url(flyway))) {
        flyway.clean();
      }
      flyway.migrate();
    };
  }

  private static String url(org.flywaydb.core.Flyway flyway) {
    try (Connection connection = flyway.getConfiguration().getDataSource().getConnection()) {
      return connection.getMetaData().getURL();
    } catch (SQLException e) {
      throw new IllegalStateException("cannot tell which test database this is", e);
    }
  }
}
