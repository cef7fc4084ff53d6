package io.payonce.server.testing;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.boot.flyway.autoconfigure.FlywayMigrationStrategy;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * Drops whatever an earlier run (or an older PayOnce) left in the test database, then migrates —
 * once per database and test JVM: later contexts of the JVM only migrate (nothing to do) and share
 * the rows, as the classes of one context always have (tests use fresh business numbers, never
 * empty tables). A context that names itself ({@code payonce.test.context}, e.g. reconciliation's,
 * whose bill is its own sandbox's whole day) starts on a clean database all the same. The MariaDB
 * and PostgreSQL databases outlive test runs; each fork has its own (see {@link TestDatabase}).
 * Test-only: clean is disabled outside the {@code test} profile.
 */
@TestConfiguration(proxyBeanMethods = false)
class CleanMigrateStrategy {

  /** The database's own URL, for a context that reaches it another way (a proxy). */
  static final String DATABASE_URL = "payonce.test.database-url";

  private static final Set<String> CLEANED = ConcurrentHashMap.newKeySet();

  @Bean
  FlywayMigrationStrategy cleanThenMigrate(Environment environment) {
    String url =
        environment.getProperty(DATABASE_URL, environment.getProperty("spring.datasource.url"));
    boolean ownContext = environment.containsProperty("payonce.test.context");
    return flyway -> {
      if (url == null || CLEANED.add(url) || ownContext) {
        flyway.clean();
      }
      flyway.migrate();
    };
  }
}
