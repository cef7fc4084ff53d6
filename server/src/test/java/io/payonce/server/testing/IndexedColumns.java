package io.payonce.server.testing;

import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import javax.sql.DataSource;

/** The columns a table's indexes (primary key and unique keys included) cover, lower case. */
public final class IndexedColumns {

  private IndexedColumns() {}

  public static Set<String> of(DataSource dataSource, String table) throws SQLException {
    try (Connection connection = dataSource.getConnection()) {
      DatabaseMetaData metaData = connection.getMetaData();
      String name = metaData.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
      Set<String> columns = new TreeSet<>();
      try (ResultSet rs =
          metaData.getIndexInfo(
              connection.getCatalog(), connection.getSchema(), name, false, false)) {
        while (rs.next()) {
          String column = rs.getString("COLUMN_NAME");
          if (column != null) {
            columns.add(column.toLowerCase(Locale.ROOT));
          }
        }
      }
      if (columns.isEmpty()) {
        throw new IllegalStateException("no index found on " + name);
      }
      return columns;
    }
  }
}
