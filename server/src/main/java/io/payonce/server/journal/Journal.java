package io.payonce.server.journal;

import io.payonce.server.db.HeldInserts;
import io.payonce.server.db.MultiRowInsert;
import io.payonce.server.db.SqlTime;
import io.payonce.server.log.Untrusted;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Clock;
import java.util.List;
import java.util.function.Supplier;
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
  // A notify's transaction appends two rows: one statement.
  private static final MultiRowInsert INSERTS = new MultiRowInsert(INSERT);

  private final HeldInserts<Row> held = new HeldInserts<>(this::insert);

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
    Row row =
        new Row(
            aggregate.name(),
            aggregateId,
            from == null ? null : from.name(),
            to.name(),
            source.name(),
            truncate(detail),
            SqlTime.toColumn(clock.instant()));
    held.add(row);
  }

  /**
   * Runs {@code work} with the rows it appends held back and inserted together when it returns, in
   * one statement (the notify's payment and order changes: one round trip). Nothing in {@code work}
   * may read the journal expecting its own rows. Nested calls join the outer batch; an exception
   * discards it (the transaction rolls back).
   */
  public <T> T batching(Supplier<T> work) {
    return held.around(work);
  }

  private void insert(List<Row> rows) {
    INSERTS.insert(
        jdbc,
        rows,
        (params, row) ->
            params
                .param("aggregate", row.aggregate())
                .param("aggregateId", row.aggregateId())
                .param("fromStatus", row.from(), Types.VARCHAR)
                .param("toStatus", row.to())
                .param("source", row.source())
                .param("detail", row.detail(), Types.VARCHAR)
                .param("occurredAt", row.occurredAt()));
  }

  /** One journal row's values. */
  private record Row(
      String aggregate,
      long aggregateId,
      String from,
      String to,
      String source,
      String detail,
      Object occurredAt) {}

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
