package io.payonce.server.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Map;

/**
 * The databases the integration tests run on. MariaDB and PostgreSQL default to the services of a
 * developer machine and CI, in a database of this test JVM's own: {@code <prefix>_<fork>}, the
 * prefix from {@code PAYONCE_TEST_DB_PREFIX} (or {@code -Dpayonce.test.db-prefix}, default {@value
 * #DEFAULT_PREFIX}) and the fork from {@code -Dpayonce.test.fork} (Surefire's fork number, 1
 * outside Surefire) — so that the forks of one build, and two builds on one machine with different
 * prefixes, never clean each other's tables. That database is created when it is missing. {@code
 * PAYONCE_TEST_MARIADB_URL}, {@code _USERNAME}, {@code _PASSWORD} and the same with {@code
 * POSTGRES} point a database elsewhere; such a URL is used as it is, by every fork.
 */
public enum TestDatabase {
  /** In-memory H2: always available, one per test JVM. */
  H2("H2", "jdbc:h2:mem:payonce-test;DB_CLOSE_DELAY=-1", "sa", "", null),
  /** MariaDB 10.11 (speaks for MySQL 8 too). */
  MARIADB(
      "MARIADB", "jdbc:mariadb://127.0.0.1:3306/", "root", "", "CREATE DATABASE IF NOT EXISTS "),
  /** PostgreSQL 15. */
  POSTGRES("POSTGRES", "jdbc:postgresql://127.0.0.1:5432/", "postgres", "", "CREATE DATABASE ");

  static final String DEFAULT_PREFIX = "payonce_test";

  private final String envPrefix;
  private final String defaultServer;
  private final String defaultUsername;
  private final String defaultPassword;
  private final String create;

  TestDatabase(String envName, String server, String username, String password, String create) {
    this.envPrefix = "PAYONCE_TEST_" + envName + "_";
    this.defaultServer = server;
    this.defaultUsername = username;
    this.defaultPassword = password;
    this.create = create;
  }

  /** This JVM's database on MariaDB and PostgreSQL: the build's prefix and the fork number. */
  public static String databaseName() {
    String prefix = System.getenv("PAYONCE_TEST_DB_PREFIX");
    if (prefix == null || prefix.isBlank()) {
      prefix = System.getProperty("payonce.test.db-prefix", DEFAULT_PREFIX);
    }
    String name = prefix.strip() + "_" + fork();
    if (!name.matches("[a-z_][a-z0-9_]{0,62}")) {
      throw new IllegalArgumentException(
          "PAYONCE_TEST_DB_PREFIX must make a lower-case SQL identifier, got: " + name);
    }
    return name;
  }

  /**
   * Surefire's number of this test JVM (1, 2, ...; {@code -Dpayonce.test.fork=fork-<n>}), or 1
   * outside a forked Surefire run.
   */
  public static String fork() {
    String fork = System.getProperty("payonce.test.fork", "").replaceFirst("^fork-", "");
    return fork.matches("[0-9]+") ? fork : "1";
  }

  public String url() {
    String given = env("URL", null);
    if (given != null || create == null) {
      return given != null ? given : defaultServer;
    }
    return defaultServer + databaseName();
  }

  public String username() {
    String value = env("USERNAME", null);
    return value != null ? value : defaultUsername;
  }

  public String password() {
    String value = env("PASSWORD", null);
    return value != null ? value : defaultPassword;
  }

  /** The Spring properties that point the application at this database. */
  Map<String, Object> properties() {
    return Map.of(
        "spring.datasource.url", url(),
        "spring.datasource.username", username(),
        "spring.datasource.password", password());
  }

  /**
   * Creates this JVM's database on the server when it is missing (nothing for H2, or for a URL
   * given by the environment: that database is the caller's).
   */
  public void createIfMissing() throws SQLException {
    if (create == null || env("URL", null) != null) {
      return;
    }
    String admin = this == POSTGRES ? defaultServer + "postgres" : defaultServer;
    try (Connection connection = DriverManager.getConnection(admin, username(), password());
        Statement statement = connection.createStatement()) {
      if (this == POSTGRES && exists(statement)) {
        return;
      }
      statement.execute(create + databaseName());
    }
  }

  private boolean exists(Statement statement) throws SQLException {
    try (var rows =
        statement.executeQuery(
            "SELECT 1 FROM pg_database WHERE datname = '" + databaseName() + "'")) {
      return rows.next();
    }
  }

  private String env(String suffix, String fallback) {
    String value = System.getenv(envPrefix + suffix);
    return value == null || value.isBlank() ? fallback : value;
  }
}
