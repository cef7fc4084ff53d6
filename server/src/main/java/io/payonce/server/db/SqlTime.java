package io.payonce.server.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Instants are stored as UTC wall-clock values in zone-less columns, the one time type that the
 * three databases and their drivers map alike, whatever the JVM's or the session's time zone.
 */
public final class SqlTime {

  private SqlTime() {}

  /** The column value for an instant, or null. */
  public static LocalDateTime toColumn(Instant instant) {
    return instant == null ? null : LocalDateTime.ofInstant(instant, ZoneOffset.UTC);
  }

  /** The instant stored in a column, or null. */
  public static Instant fromColumn(ResultSet rs, String column) throws SQLException {
    LocalDateTime value = rs.getObject(column, LocalDateTime.class);
    return value == null ? null : value.toInstant(ZoneOffset.UTC);
  }
}
