package io.payonce.bench;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;

/**
 * A database server the bench runs against, in its own database {@link #NAME} (dropped and created
 * at each run, never the tests' {@code test}). Knows how to tell whether commits are durable and
 * how to read the server's count of durable flushes.
 */
enum BenchDatabase {
  MARIADB("MariaDB", "jdbc:mariadb://127.0.0.1:3306", "root", "/", "") {
    @Override
    void recreate(Connection admin) throws SQLException {
      try (Statement s = admin.createStatement()) {
        s.execute("DROP DATABASE IF EXISTS " + NAME);
        s.execute("CREATE DATABASE " + NAME);
      }
    }

    @Override
    Map<String, String> durability(Connection c) throws SQLException {
      Map<String, String> settings = new LinkedHashMap<>();
      settings.put(
          "innodb_flush_log_at_trx_commit", single(c, "SELECT @@innodb_flush_log_at_trx_commit"));
      settings.put("log_bin", single(c, "SELECT @@log_bin"));
      settings.put("sync_binlog", single(c, "SELECT @@sync_binlog"));
      settings.put("innodb_flush_method", single(c, "SELECT @@innodb_flush_method"));
      settings.put("version", single(c, "SELECT VERSION()"));
      return settings;
    }

    @Override
    boolean durable(Map<String, String> settings) {
      return "1".equals(settings.get("innodb_flush_log_at_trx_commit"));
    }

    // Innodb_data_fsyncs counts every fsync/fdatasync InnoDB issues, the redo log's included
    // (10.11 has no Innodb_os_log_fsyncs); Innodb_log_writes counts redo log writes.
    @Override
    Flushes flushes(Connection monitor) throws SQLException {
      long fsyncs = 0;
      long logWrites = 0;
      try (Statement s = monitor.createStatement();
          ResultSet rs =
              s.executeQuery(
                  "SHOW GLOBAL STATUS WHERE Variable_name IN"
                      + " ('Innodb_data_fsyncs', 'Innodb_log_writes')")) {
        while (rs.next()) {
          if (rs.getString(1).equalsIgnoreCase("Innodb_data_fsyncs")) {
            fsyncs = rs.getLong(2);
          } else {
            logWrites = rs.getLong(2);
          }
        }
      }
      return new Flushes(fsyncs, logWrites);
    }

    @Override
    String flushCounter() {
      return "Innodb_data_fsyncs (aux: Innodb_log_writes)";
    }

    // The master thread flushes redo nobody committed (purge's, the page cleaner's) once a second:
    // a still second, and no purge left to do, before a window opens.
    @Override
    long quietMillis() {
      return 1100;
    }

    @Override
    boolean backgroundDone(Connection monitor) throws SQLException {
      try (Statement s = monitor.createStatement();
          ResultSet rs = s.executeQuery("SHOW GLOBAL STATUS LIKE 'Innodb_history_list_length'")) {
        return !rs.next() || rs.getLong(2) == 0;
      }
    }

    @Override
    String floorTable() {
      return """
          CREATE TABLE bench_floor (
            id BIGINT AUTO_INCREMENT PRIMARY KEY,
            note VARCHAR(64) NOT NULL,
            created_at DATETIME(6) NOT NULL
          ) ENGINE=InnoDB
          """;
    }

    @Override
    Object mark(Connection monitor) {
      return null;
    }

    @Override
    void awaitClosed(Connection monitor, Object mark, Closer closer) {
      // Status counters move when the flush happens: nothing to wait for.
    }
  },

  POSTGRES("PostgreSQL", "jdbc:postgresql://127.0.0.1:5432", "postgres", "/postgres", "") {
    @Override
    void recreate(Connection admin) throws SQLException {
      try (Statement s = admin.createStatement()) {
        s.execute("DROP DATABASE IF EXISTS " + NAME + " WITH (FORCE)");
        s.execute("CREATE DATABASE " + NAME);
      }
    }

    @Override
    Map<String, String> durability(Connection c) throws SQLException {
      Map<String, String> settings = new LinkedHashMap<>();
      settings.put("synchronous_commit", single(c, "SHOW synchronous_commit"));
      settings.put("fsync", single(c, "SHOW fsync"));
      settings.put("wal_sync_method", single(c, "SHOW wal_sync_method"));
      settings.put("commit_delay", single(c, "SHOW commit_delay"));
      settings.put("version", single(c, "SHOW server_version"));
      return settings;
    }

    @Override
    boolean durable(Map<String, String> settings) {
      return !"off".equals(settings.get("synchronous_commit"))
          && "on".equals(settings.get("fsync"));
    }

    @Override
    Flushes flushes(Connection monitor) throws SQLException {
      try (Statement s = monitor.createStatement();
          ResultSet rs = s.executeQuery("SELECT wal_sync, wal_write FROM pg_stat_wal")) {
        rs.next();
        return new Flushes(rs.getLong(1), rs.getLong(2));
      }
    }

    @Override
    String flushCounter() {
      return "pg_stat_wal.wal_sync (aux: wal_write)";
    }

    @Override
    String floorTable() {
      return """
          CREATE TABLE bench_floor (
            id BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY,
            note VARCHAR(64) NOT NULL,
            created_at TIMESTAMP(6) NOT NULL
          )
          """;
    }

    // A backend's WAL counters reach pg_stat_wal when it reports its statistics, at the latest
    // when it exits: wait until every bench connection opened before the mark has gone.
    @Override
    Object mark(Connection monitor) throws SQLException {
      try (Statement s = monitor.createStatement();
          ResultSet rs = s.executeQuery("SELECT clock_timestamp()::timestamp")) {
        rs.next();
        return rs.getTimestamp(1);
      }
    }

    @Override
    void awaitClosed(Connection monitor, Object mark, Closer closer) throws Exception {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      try (PreparedStatement waiting =
          monitor.prepareStatement(
              """
              SELECT count(*)
              FROM pg_stat_activity
              WHERE application_name IN (?, ?, ?)
                AND backend_start::timestamp < ?
              """)) {
        waiting.setString(1, Variant.SERVICE.applicationName());
        waiting.setString(2, Variant.B1.applicationName());
        waiting.setString(3, Variant.B0.applicationName());
        waiting.setTimestamp(4, (Timestamp) mark);
        while (System.nanoTime() < deadline) {
          try (ResultSet rs = waiting.executeQuery()) {
            rs.next();
            if (rs.getLong(1) == 0) {
              return;
            }
          }
          LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(20));
          // A pool may have been opening a connection when it was told to close them all.
          closer.close();
        }
      }
      throw new IllegalStateException("bench connections did not close within 10 s");
    }
  };

  /**
   * The bench's database, {@code PAYONCE_BENCH_DATABASE} or {@code payonce_bench}: letters, digits
   * and underscores only, and never one of the tests' databases.
   */
  static final String NAME = databaseName(System.getenv("PAYONCE_BENCH_DATABASE"));

  static String databaseName(String configured) {
    String name = configured == null || configured.isBlank() ? "payonce_bench" : configured;
    if (!name.matches("[a-z][a-z0-9_]{0,62}") || name.equals("test") || name.startsWith("test_")) {
      throw new IllegalArgumentException(
          "PAYONCE_BENCH_DATABASE must be lower-case letters, digits and _, not a test database: "
              + name);
    }
    return name;
  }

  private final String label;
  private final String defaultServer;
  private final String defaultUser;
  private final String adminPath;
  private final String defaultPassword;

  BenchDatabase(
      String label,
      String defaultServer,
      String defaultUser,
      String adminPath,
      String defaultPassword) {
    this.label = label;
    this.defaultServer = defaultServer;
    this.defaultUser = defaultUser;
    this.adminPath = adminPath;
    this.defaultPassword = defaultPassword;
  }

  /** Two counters of the server's durable flushes: the one reported, and a cross-check. */
  record Flushes(long syncs, long aux) {
    Flushes minus(Flushes earlier) {
      return new Flushes(syncs - earlier.syncs, aux - earlier.aux);
    }
  }

  abstract void recreate(Connection admin) throws SQLException;

  abstract Map<String, String> durability(Connection c) throws SQLException;

  abstract boolean durable(Map<String, String> settings);

  abstract Flushes flushes(Connection monitor) throws SQLException;

  abstract String flushCounter();

  abstract String floorTable();

  /**
   * How long the flush counter must stand still before a measurement's window opens: longer than
   * the server's own periodic flushes of work nobody committed.
   */
  long quietMillis() {
    // PostgreSQL's WAL writer wakes every wal_writer_delay, 200 ms by default.
    return 300;
  }

  /** Whether the server has no background work left that will flush (MariaDB's purge). */
  boolean backgroundDone(Connection monitor) throws SQLException {
    return true;
  }

  /** A point in time before closing the bench's connections, for {@link #awaitClosed}. */
  abstract Object mark(Connection monitor) throws SQLException;

  /**
   * Waits until the flushes of every bench connection opened before {@code mark} are counted; the
   * caller has closed them, and {@code closer} closes a pool's again while waiting (pools reopen
   * new ones, which carry nothing yet).
   */
  abstract void awaitClosed(Connection monitor, Object mark, Closer closer) throws Exception;

  /** Closes the connections a pool holds (it may open new ones at once). */
  @FunctionalInterface
  interface Closer {
    void close() throws Exception;
  }

  String label() {
    return label;
  }

  /** {@code PAYONCE_BENCH_<DB>_URL}: the server, without a database (default on loopback). */
  String server() {
    return env("URL", defaultServer);
  }

  String user() {
    return env("USERNAME", defaultUser);
  }

  String password() {
    return env("PASSWORD", defaultPassword);
  }

  String url(Variant variant) {
    return url(variant.applicationName());
  }

  Connection connect(Variant variant) throws SQLException {
    return DriverManager.getConnection(url(variant), user(), password());
  }

  /** The bench's own connection for settings and counters, not counted as a variant's. */
  Connection connectMonitor() throws SQLException {
    return DriverManager.getConnection(url("payonce-bench-monitor"), user(), password());
  }

  private String url(String applicationName) {
    String url = server() + "/" + NAME;
    return this == POSTGRES ? url + "?ApplicationName=" + applicationName : url;
  }

  Connection connectAdmin() throws SQLException {
    return DriverManager.getConnection(server() + adminPath, user(), password());
  }

  private String env(String suffix, String fallback) {
    String value = System.getenv("PAYONCE_BENCH_" + name() + "_" + suffix);
    return value == null ? fallback : value;
  }

  private static String single(Connection c, String sql) throws SQLException {
    try (Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      rs.next();
      return rs.getString(1);
    }
  }
}
