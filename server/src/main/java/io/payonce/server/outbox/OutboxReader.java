package io.payonce.server.outbox;

import io.payonce.server.db.SqlTime;
import io.payonce.server.journal.Aggregate;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Transactional;

/** Reads stored events, for operators, tests and the relay. */
@Repository
public class OutboxReader {

  private static final String SELECT_FOR_AGGREGATE =
      """
      SELECT id, aggregate, aggregate_id, event_type, payload, created_at, published_at
      FROM outbox
      WHERE aggregate = :aggregate
        AND aggregate_id = :aggregateId
      ORDER BY id
      """;

  private final JdbcClient jdbc;

  OutboxReader(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** The events of one order or payment, oldest first. */
  @Transactional(readOnly = true)
  public List<OutboxEvent> eventsOf(Aggregate aggregate, long aggregateId) {
    return jdbc.sql(SELECT_FOR_AGGREGATE)
        .param("aggregate", aggregate.name())
        .param("aggregateId", aggregateId)
        .query(OutboxReader::event)
        .list();
  }

  private static OutboxEvent event(ResultSet rs, int row) throws SQLException {
    return new OutboxEvent(
        rs.getLong("id"),
        Aggregate.valueOf(rs.getString("aggregate")),
        rs.getLong("aggregate_id"),
        rs.getString("event_type"),
        rs.getString("payload"),
        SqlTime.fromColumn(rs, "created_at"),
        SqlTime.fromColumn(rs, "published_at"));
  }
}
