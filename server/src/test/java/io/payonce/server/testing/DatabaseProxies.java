package io.payonce.server.testing;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * This test JVM's proxies in front of its MariaDB and PostgreSQL databases ({@link
 * ThroughDatabaseProxy}), one per database, started when first asked for, and the JDBC URLs that
 * reach the databases through them.
 */
final class DatabaseProxies {

  private static final Pattern URL =
      Pattern.compile("(jdbc:[a-z]+://)([^:/?]+)(?::([0-9]+))?(/[^?]*)?(\\?.*)?");
  private static final Map<TestDatabase, TcpProxy> PROXIES = new ConcurrentHashMap<>();

  private DatabaseProxies() {}

  /** The proxy in front of {@code database}. */
  static TcpProxy of(TestDatabase database) {
    return PROXIES.computeIfAbsent(database, DatabaseProxies::start);
  }

  /**
   * {@code database}'s URL with its host and port those of its proxy, in plaintext: the proxy reads
   * the statements (PostgreSQL's server offers TLS, and PgJDBC takes it by default).
   */
  static String url(TestDatabase database) {
    Matcher url = parse(database);
    String path = url.group(4) == null ? "/" : url.group(4);
    String query = url.group(5) == null ? "" : url.group(5);
    if (database == TestDatabase.POSTGRES) {
      query += (query.isEmpty() ? "?" : "&") + "sslmode=disable";
    }
    return url.group(1) + "127.0.0.1:" + of(database).port() + path + query;
  }

  private static TcpProxy start(TestDatabase database) {
    Matcher url = parse(database);
    int port =
        url.group(3) != null
            ? Integer.parseInt(url.group(3))
            : database == TestDatabase.POSTGRES ? 5432 : 3306;
    SqlWire wire = database == TestDatabase.POSTGRES ? SqlWire.POSTGRES : SqlWire.MYSQL;
    return TcpProxy.startDatabase(database.name().toLowerCase(), url.group(2), port, wire);
  }

  private static Matcher parse(TestDatabase database) {
    if (database == TestDatabase.H2) {
      throw new IllegalArgumentException("H2 in memory is reached through no connection");
    }
    Matcher url = URL.matcher(database.url());
    if (!url.matches()) {
      throw new IllegalArgumentException("not a single-host JDBC URL: " + database.url());
    }
    return url;
  }
}
