package io.payonce.server.db;

import java.sql.DatabaseMetaData;
import javax.sql.DataSource;
import org.springframework.jdbc.support.JdbcUtils;
import org.springframework.jdbc.support.MetaDataAccessException;
import org.springframework.stereotype.Component;

/**
 * Whether the database answers {@code UPDATE … RETURNING}: PostgreSQL does, so a transition gets
 * the row it changed in the same round trip. MariaDB 10.11 has RETURNING for INSERT and DELETE
 * only, and H2 not in our syntax: there the row is read back inside the transaction, right after
 * the UPDATE, which sees its own change under READ COMMITTED and REPEATABLE READ alike.
 */
@Component
public class UpdateReturning {

  private final boolean supported;

  UpdateReturning(DataSource dataSource) {
    this.supported = "PostgreSQL".equals(productName(dataSource));
  }

  /** Whether the database answers {@code UPDATE … RETURNING}. */
  public boolean supported() {
    return supported;
  }

  private static String productName(DataSource dataSource) {
    try {
      return JdbcUtils.extractDatabaseMetaData(
          dataSource, DatabaseMetaData::getDatabaseProductName);
    } catch (MetaDataAccessException e) {
      throw new IllegalStateException("cannot tell which database this is", e);
    }
  }
}
