package io.payonce.server.operator;

import io.payonce.server.db.SqlTime;
import io.payonce.server.operator.OperatorAction.Kind;
import io.payonce.server.operator.OperatorAction.Outcome;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/** The operator_action table. */
@Repository
class OperatorActionRepository {

  private static final String INSERT =
      """
      INSERT INTO operator_action
        (operator, action, target, out_trade_no, before_state, outcome, started_at)
      VALUES (:operator, :action, :target, :outTradeNo, :before, 'STARTED', :now)
      """;

  private static final String FINISH =
      """
      UPDATE operator_action
      SET outcome = :outcome, after_state = :after, finished_at = :now
      WHERE id = :id
        AND outcome = 'STARTED'
      """;

  private static final String SELECT =
      """
      SELECT id, operator, action, target, out_trade_no, before_state, after_state, outcome,
             started_at, finished_at
      FROM operator_action
      """;

  private final JdbcClient jdbc;

  OperatorActionRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  long insert(
      String operator, Kind action, String target, String outTradeNo, String before, Instant now) {
    KeyHolder key = new GeneratedKeyHolder();
    jdbc.sql(INSERT)
        .param("operator", operator)
        .param("action", action.name())
        .param("target", target)
        .param("outTradeNo", outTradeNo, Types.VARCHAR)
        .param("before", before, Types.VARCHAR)
        .param("now", SqlTime.toColumn(now))
        .update(key, "id");
    return key.getKey().longValue();
  }

  boolean finish(long id, Outcome outcome, String after, Instant now) {
    return jdbc.sql(FINISH)
            .param("outcome", outcome.name())
            .param("after", after, Types.VARCHAR)
            .param("now", SqlTime.toColumn(now))
            .param("id", id)
            .update()
        == 1;
  }

  List<OperatorAction> ofPayment(String outTradeNo) {
    return jdbc.sql(SELECT + " WHERE out_trade_no = :outTradeNo ORDER BY id")
        .param("outTradeNo", outTradeNo)
        .query(OperatorActionRepository::map)
        .list();
  }

  List<OperatorAction> recent(int limit) {
    return jdbc.sql(SELECT + " ORDER BY id DESC LIMIT :limit")
        .param("limit", limit)
        .query(OperatorActionRepository::map)
        .list();
  }

  private static OperatorAction map(ResultSet rs, int row) throws SQLException {
    return new OperatorAction(
        rs.getLong("id"),
        rs.getString("operator"),
        Kind.valueOf(rs.getString("action")),
        rs.getString("target"),
        rs.getString("out_trade_no"),
        rs.getString("before_state"),
        rs.getString("after_state"),
        Outcome.valueOf(rs.getString("outcome")),
        SqlTime.fromColumn(rs, "started_at"),
        SqlTime.fromColumn(rs, "finished_at"));
  }
}
