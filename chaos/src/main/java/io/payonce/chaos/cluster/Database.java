package io.payonce.chaos.cluster;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * A database server the instances share, in the harness's own database ({@code payonce_chaos}, or
 * {@code PAYONCE_CHAOS_DATABASE} so that two runs on one server don't drop each other's) — dropped
 * and recreated at every run, never the tests' {@code test}. The server's address, user and
 * password default to the machine's and can be overridden with {@code PAYONCE_CHAOS_<DB>_URL}
 * (without a database name), {@code _USERNAME} and {@code _PASSWORD}.
 */
public enum Database {
  POSTGRES("PostgreSQL", "jdbc:postgresql://127.0.0.1:5432", "postgres", "/postgres") {
    @Override
    void recreate(Statement admin) throws SQLException {
      admin.execute("DROP DATABASE IF EXISTS " + NAME + " WITH (FORCE)");
      admin.execute("CREATE DATABASE " + NAME);
    }

    @Override
    public String instanceUrl(String applicationName) {
      return url() + "?ApplicationName=" + applicationName;
    }
  },
  /**
   * PostgreSQL under Patroni ({@code scripts/patroni-cluster}): three nodes reached with PgJDBC's
   * multi-host URL that finds the primary, as docs/operations.md recommends.
   */
  PATRONI("PostgreSQL under Patroni", Patroni.server(), "postgres", "/postgres") {
    private static final String PARAMETERS =
        "targetServerType=primary&hostRecheckSeconds=2&connectTimeout=3&socketTimeout=10"
            + "&tcpKeepAlive=true";

    @Override
    void recreate(Statement admin) throws SQLException {
      POSTGRES.recreate(admin);
    }

    @Override
    public String url() {
      return super.url() + "?" + PARAMETERS;
    }

    @Override
    String adminUrl() {
      return super.adminUrl() + "?" + PARAMETERS;
    }

    @Override
    public String instanceUrl(String applicationName) {
      return url() + "&ApplicationName=" + applicationName;
    }
  },
  MARIADB("MariaDB", "jdbc:mariadb://127.0.0.1:3306", "root", "/") {
    @Override
    void recreate(Statement admin) throws SQLException {
      admin.execute("DROP DATABASE IF EXISTS " + NAME);
      admin.execute("CREATE DATABASE " + NAME + " CHARACTER SET utf8mb4");
    }

    @Override
    public String instanceUrl(String applicationName) {
      return url();
    }
  };

  public static final String NAME = databaseName(System.getenv("PAYONCE_CHAOS_DATABASE"));

  static String databaseName(String given) {
    if (given == null || given.isBlank()) {
      return "payonce_chaos";
    }
    if (!given.matches("[a-z_][a-z0-9_]{0,62}")) {
      throw new IllegalArgumentException(
          "PAYONCE_CHAOS_DATABASE must be a lower-case SQL identifier, got: " + given);
    }
    return given;
  }

  private final String label;
  private final String defaultServer;
  private final String defaultUser;
  private final String adminPath;

  Database(String label, String defaultServer, String defaultUser, String adminPath) {
    this.label = label;
    this.defaultServer = defaultServer;
    this.defaultUser = defaultUser;
    this.adminPath = adminPath;
  }

  abstract void recreate(Statement admin) throws SQLException;

  /** The URL an instance connects with. */
  public abstract String instanceUrl(String applicationName);

  public String label() {
    return label;
  }

  public String url() {
    return server() + "/" + NAME;
  }

  public String user() {
    return env("USERNAME", defaultUser);
  }

  public String password() {
    return env("PASSWORD", "");
  }

  /** Drops and creates the harness's database. */
  public void recreate() throws SQLException {
    try (Connection admin = DriverManager.getConnection(adminUrl(), user(), password());
        Statement statement = admin.createStatement()) {
      recreate(statement);
    }
  }

  public Connection connect() throws SQLException {
    return DriverManager.getConnection(url(), user(), password());
  }

  /** An empty string when the server answers, else why not (never the password). */
  public String probe() {
    DriverManager.setLoginTimeout(3);
    try (Connection c = DriverManager.getConnection(adminUrl(), user(), password())) {
      return c.isValid(3) ? "" : "connection not valid";
    } catch (SQLException e) {
      return e.getClass().getSimpleName() + ": " + e.getMessage();
    }
  }

  String adminUrl() {
    return server() + adminPath;
  }

  public String server() {
    return env("URL", defaultServer);
  }

  private String env(String suffix, String fallback) {
    String value = System.getenv("PAYONCE_CHAOS_" + name() + "_" + suffix);
    return value == null ? fallback : value;
  }
}
