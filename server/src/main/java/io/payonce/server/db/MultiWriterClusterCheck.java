package io.payonce.server.db;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import javax.sql.DataSource;
import org.flywaydb.core.api.configuration.FluentConfiguration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.flyway.autoconfigure.FlywayConfigurationCustomizer;
import org.springframework.stereotype.Component;

/**
 * Refuses, before the first migration, a database PayOnce cannot keep its promise on, and warns
 * about one it can keep it on only while nothing fails.
 *
 * <p>A MariaDB Galera cluster ({@code wsrep_on}) is refused: its row locks are per node, so two
 * instances writing to two nodes both read an order as unpaid under {@code FOR UPDATE} and the
 * conflict surfaces later or not at all, and Jepsen (2026, 12.1.2) found it losing acknowledged
 * commits and allowing lost updates. A PostgreSQL reached through several hosts without a
 * synchronous standby is warned about: a failover to an asynchronous replica can drop the payment
 * intent committed before a channel call (docs/operations.md).
 */
@Component
class MultiWriterClusterCheck implements FlywayConfigurationCustomizer {

  private static final Logger log = LoggerFactory.getLogger(MultiWriterClusterCheck.class);

  @Override
  public void customize(FluentConfiguration configuration) {
    DataSource dataSource = configuration.getDataSource();
    try (Connection connection = dataSource.getConnection();
        Statement statement = connection.createStatement()) {
      String product = connection.getMetaData().getDatabaseProductName();
      if ("MariaDB".equals(product) || "MySQL".equals(product)) {
        refuseGalera(statement);
      } else if ("PostgreSQL".equals(product)) {
        warnWithoutSynchronousStandby(statement, connection.getMetaData().getURL());
      }
    } catch (SQLException e) {
      throw new IllegalStateException("cannot tell what kind of database server this is", e);
    }
  }

  private static void refuseGalera(Statement statement) throws SQLException {
    try (ResultSet wsrep = statement.executeQuery("SHOW GLOBAL VARIABLES LIKE 'wsrep_on'")) {
      if (wsrep.next() && "ON".equalsIgnoreCase(wsrep.getString(2))) {
        throw new UnsafeDatabaseException(
            "The database is a MariaDB Galera cluster node (wsrep_on=ON). PayOnce refuses it for"
                + " money writes: Galera's row locks hold on one node only, so two instances on two"
                + " nodes can both take the same order, and it has been shown to lose acknowledged"
                + " commits.",
            "Point PayOnce at a single MariaDB or MySQL primary (it has no automatic failover:"
                + " docs/operations.md says what to do when it dies), or at PostgreSQL under"
                + " Patroni with synchronous replication for a database that survives the loss"
                + " of a machine.");
      }
    }
  }

  private static void warnWithoutSynchronousStandby(Statement statement, String url)
      throws SQLException {
    if (url == null || !severalHosts(url)) {
      return;
    }
    try (ResultSet standbys = statement.executeQuery("SHOW synchronous_standby_names")) {
      if (standbys.next() && standbys.getString(1).isBlank()) {
        log.warn(
            "database_without_synchronous_standby: the datasource names several PostgreSQL hosts"
                + " but the primary has no synchronous standby (synchronous_standby_names is"
                + " empty): a failover can lose commits, among them a payment's intent committed"
                + " before its channel call. Use Patroni's synchronous_mode_strict"
                + " (docs/operations.md).");
      }
    }
  }

  /** {@code jdbc:postgresql://h1:p,h2:p/db?...} names more than one host. */
  static boolean severalHosts(String url) {
    int start = url.indexOf("//");
    if (start < 0) {
      return false;
    }
    int end = url.indexOf('/', start + 2);
    String hosts = end < 0 ? url.substring(start + 2) : url.substring(start + 2, end);
    return hosts.contains(",");
  }
}
