package io.payonce.server.db;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.ZoneOffset;

/**
 * Instants are stored as UTC wall-clock values in zone-less columns, the one time type that the
 * three databases and their drivers map alike, whatever the JVM's or the session's time zone.
 */
public final class SqlTime {

  /**
   * The days a client may name (a search's day, a bill date): 1970-01-01 to 9999-12-30. A LocalDate
   * reaches year ±999,999,999, past what a DATETIME column holds (9999-12-31) and past what a
   * LocalDateTime can add a day to; the last day leaves room for the day after it.
   */
  public static final LocalDate FIRST_DAY = LocalDate.of(1970, 1, 1);

  public static final LocalDate LAST_DAY = LocalDate.of(9999, 12, 30);

  private SqlTime() {}

  /** Whether a day a client named is one the columns hold, with the day after it. */
  public static boolean holds(LocalDate day) {
    return !day.isBefore(FIRST_DAY) && !day.isAfter(LAST_DAY);
  }

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
