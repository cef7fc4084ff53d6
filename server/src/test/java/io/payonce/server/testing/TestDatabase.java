package io.payonce.server.testing;

import java.util.Map;

/**
 * The databases the integration tests run on. MariaDB and PostgreSQL default to the services of a
 * developer machine and CI, and can be pointed elsewhere with environment variables: {@code
 * PAYONCE_TEST_MARIADB_URL}, {@code _USERNAME}, {@code _PASSWORD} and the same with {@code
 * POSTGRES}.
 */
public enum TestDatabase {
  /** In-memory H2: always available. */
  H2("H2", "jdbc:h2:mem:payonce-test;DB_CLOSE_DELAY=-1", "sa", ""),
  /** MariaDB 10.11 (speaks for MySQL 8 too). */
  MARIADB("MARIADB", "jdbc:mariadb://127.0.0.1:3306/test", "root", ""),
  /** PostgreSQL 15. */
  POSTGRES("POSTGRES", "jdbc:postgresql://127.0.0.1:5432/test", "postgres", "");

  private final String envPrefix;
  private final String defaultUrl;
  private final String defaultUsername;
  private final String defaultPassword;

  TestDatabase(String envName, String url, String username, String password) {
    this.envPrefix = "PAYONCE_TEST_" + envName + "_";
    this.defaultUrl = url;
    this.defaultUsername = username;
    this.defaultPassword = password;
  }

  public String url() {
    return env("URL", defaultUrl);
  }

  public String username() {
    return env("USERNAME", defaultUsername);
  }

  public String password() {
    return env("PASSWORD", defaultPassword);
  }

  /** The Spring properties that point the application at this database. */
  Map<String, Object> properties() {
    return Map.of(
        "spring.datasource.url", url(),
        "spring.datasource.username", username(),
        "spring.datasource.password", password());
  }

  private String env(String suffix, String fallback) {
    String value = System.getenv(envPrefix + suffix);
    return value == null || value.isBlank() ? fallback : value;
  }
}
