package io.payonce.server.testing;

import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/**
 * Drops whatever an earlier run (or an older PayOnce) left in the test database, then migrates: the
 * shared MariaDB and PostgreSQL {@code test} databases outlive test runs. Test-only: clean is
 * disabled outside the {@code test} profile.
 */
@TestConfiguration(proxyBeanMethods = false)
class CleanMigrateStrategy {

  @Bean
  FlywayMigrationStrategy cleanThenMigrate() {
    return flyway -> {
      flyway.clean();
      flyway.migrate();
    };
  }
}
