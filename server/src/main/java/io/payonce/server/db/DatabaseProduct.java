package io.payonce.server.db;

import java.sql.DatabaseMetaData;
import javax.sql.DataSource;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;
import org.springframework.stereotype.Component;

/** Which database this is, for the few statements written per vendor. */
@Component
public class DatabaseProduct {

  private final String name;

  public DatabaseProduct(DataSource dataSource) {
    this.name = nameOf(dataSource);
  }

  /** Whether this is PostgreSQL. */
  public boolean postgresql() {
    return "PostgreSQL".equals(name);
  }

  /** The JDBC driver's product name of the database behind {@code dataSource}. */
  static String nameOf(DataSource dataSource) {
    try {
      return JdbcUtils.extractDatabaseMetaData(
          dataSource, DatabaseMetaData::getDatabaseProductName);
    } catch (MetaDataAccessException e) {
      throw new IllegalStateException("cannot tell which database this is", e);
    }
  }
}
