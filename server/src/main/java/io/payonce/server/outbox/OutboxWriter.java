package io.payonce.server.outbox;

import io.payonce.server.db.SqlTime;
import io.payonce.server.journal.Aggregate;
import java.time.Clock;
import java.util.Map;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.annotation.Propagation;
import org.springframework.transaction.annotation.Transactional;
import tools.jackson.databind.json.JsonMapper;

/**
 * Appends events inside the caller's transaction: an event exists exactly when the change that
 * caused it was committed. Hand-rolled rather than Spring Modulith's publication registry because
 * the event must be written by the winner of a conditional UPDATE, in our own migrated schema on
 * three databases, and be readable beside the journal; revisit when the relay lands.
 */
@Repository
public class OutboxWriter {

  private static final String INSERT =
      """
      INSERT INTO outbox (aggregate, aggregate_id, event_type, payload, created_at, attempts)
      VALUES (:aggregate, :aggregateId, :eventType, :payload, :createdAt, 0)
      """;

  private final JdbcClient jdbc;
  private final JsonMapper json;
  private final Clock clock;

  OutboxWriter(JdbcClient jdbc, JsonMapper json, Clock clock) {
    this.jdbc = jdbc;
    this.json = json;
    this.clock = clock;
  }

  /** Appends an event whose payload is the given fields as a JSON object. */
  @Transactional(propagation = Propagation.MANDATORY)
  public void append(
      Aggregate aggregate, long aggregateId, String eventType, Map<String, ?> payload) {
    jdbc.sql(INSERT)
        .param("aggregate", aggregate.name())
        .param("aggregateId", aggregateId)
        .param("eventType", eventType)
        .param("payload", json.writeValueAsString(payload))
        .param("createdAt", SqlTime.toColumn(clock.instant()))
        .update();
  }
}
