package io.payonce.server.journal;

import io.payonce.server.db.SqlTime;
import io.payonce.server.log.Untrusted;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Clock;
import java.util.List;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;

/**
 * The append-only journal of status changes. Appends join the caller's transaction, so a journal
 * row exists exactly when the change it describes was committed.
 */
@Repository
public class Journal {

  private static final String INSERT =
      """
      INSERT INTO journal (aggregate, aggregate_id, from_status, to_status, source, detail,
                           occurred_at)
      VALUES (:aggregate, :aggregateId, :fromStatus, :toStatus, :source, :detail, :occurredAt)
      """;

  private static final String SELECT_FOR_AGGREGATE =
      """
      SELECT id, aggregate, aggregate_id, from_status, to_status, source, detail, occurred_at
      FROM journal
      WHERE aggregate = :aggregate
        AND aggregate_id = :aggregateId
      ORDER BY id
      """;

  private static final int MAX_DETAIL = 1000;

  private final JdbcClient jdbc;
  private final Clock clock;

  Journal(JdbcClient jdbc, Clock clock) {
    this.jdbc = jdbc;
    this.clock = clock;
  }

  /** Appends a change; {@code from} is null when the row was just created. */
  @Transactional(propagation = Propagation.MANDATORY)
  public void append(
      Aggregate aggregate,
      long aggregateId,
      Enum<?> from,
      Enum<?> to,
      TransitionSource source,
      String detail) {
    jdbc.sql(INSERT)
        .param("aggregate", aggregate.name())
        .param("aggregateId", aggregateId)
        .param("fromStatus", from == null ? null : from.name())
        .param("toStatus", to.name())
        .param("source", source.name())
        .param("detail", truncate(detail))
        .param("occurredAt", SqlTime.toColumn(clock.instant()))
        .update();
  }

  /** Every change of one order or payment, oldest first. */
  @Transactional(readOnly = true)
  public List<JournalEntry> entriesOf(Aggregate aggregate, long aggregateId) {
    return jdbc.sql(SELECT_FOR_AGGREGATE)
        .param("aggregate", aggregate.name())
        .param("aggregateId", aggregateId)
        .query(Journal::entry)
        .list();
  }

  private static String truncate(String detail) {
    return Untrusted.clip(detail, MAX_DETAIL);
  }

  private static JournalEntry entry(ResultSet rs, int row) throws SQLException {
    return new JournalEntry(
        rs.getLong("id"),
        Aggregate.valueOf(rs.getString("aggregate")),
        rs.getLong("aggregate_id"),
        rs.getString("from_status"),
        rs.getString("to_status"),
        TransitionSource.valueOf(rs.getString("source")),
        rs.getString("detail"),
        SqlTime.fromColumn(rs, "occurred_at"));
  }
}
