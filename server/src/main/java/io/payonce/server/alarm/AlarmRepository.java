package io.payonce.server.alarm;

import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

@Repository
class AlarmRepository {

  private static final String INSERT =
      """
      INSERT INTO alarm (alarm_type, channel, out_trade_no, detail, raised_at)
      VALUES (:type, :channel, :outTradeNo, :detail, :now)
      """;

  private static final String SELECT_COLUMNS =
      """
      SELECT id, alarm_type, channel, out_trade_no, detail, raised_at, resolved_at, resolution
      FROM alarm
      """;

  private static final String SELECT_OPEN =
      SELECT_COLUMNS
          + """
          WHERE resolved_at IS NULL
          ORDER BY id DESC
          LIMIT :limit
          """;

  private static final String SELECT_BY_OUT_TRADE_NO =
      SELECT_COLUMNS
          + """
          WHERE out_trade_no = :outTradeNo
          ORDER BY id
          """;

  private static final String RESOLVE =
      """
      UPDATE alarm
      SET resolved_at = :now, resolution = :resolution
      WHERE id = :id
        AND resolved_at IS NULL
      """;

  private final JdbcClient jdbc;

  AlarmRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  void insert(AlarmType type, String channel, String outTradeNo, String detail, Instant now) {
    jdbc.sql(INSERT)
        .param("type", type.name())
        .param("channel", channel, java.sql.Types.VARCHAR)
        .param("outTradeNo", outTradeNo, java.sql.Types.VARCHAR)
        .param("detail", detail, java.sql.Types.VARCHAR)
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  List<Alarm> findOpen(int limit) {
    return jdbc.sql(SELECT_OPEN).param("limit", limit).query(AlarmRepository::map).list();
  }

  List<Alarm> findByOutTradeNo(String outTradeNo) {
    return jdbc.sql(SELECT_BY_OUT_TRADE_NO)
        .param("outTradeNo", outTradeNo)
        .query(AlarmRepository::map)
        .list();
  }

  java.util.Optional<Alarm> findById(long id) {
    return jdbc.sql(SELECT_COLUMNS + " WHERE id = :id")
        .param("id", id)
        .query(AlarmRepository::map)
        .optional();
  }

  /** Resolves the alarm if it is open: the row count says whether this call did. */
  boolean resolve(long id, String resolution, Instant now) {
    return jdbc.sql(RESOLVE)
            .param("id", id)
            .param("resolution", resolution)
            .param("now", SqlTime.toColumn(now))
            .update()
        == 1;
  }

  private static Alarm map(ResultSet rs, int row) throws SQLException {
    return new Alarm(
        rs.getLong("id"),
        AlarmType.valueOf(rs.getString("alarm_type")),
        rs.getString("channel"),
        rs.getString("out_trade_no"),
        rs.getString("detail"),
        SqlTime.fromColumn(rs, "raised_at"),
        SqlTime.fromColumn(rs, "resolved_at"),
        rs.getString("resolution"));
  }
}
