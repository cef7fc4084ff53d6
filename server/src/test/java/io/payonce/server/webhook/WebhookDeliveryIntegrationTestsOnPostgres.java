package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.db.SqlTime;
import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionTemplate;

@OnDatabase(TestDatabase.POSTGRES)
class WebhookDeliveryIntegrationTestsOnPostgres extends WebhookDeliveryIntegrationTests {

  // The indexes that find the work hold only its rows (V86): PENDING ones, due first, and PARKED.
  @Test
  void onPostgresqlTheDueAndParkedIndexesHoldOnlyTheirState() {
    assertThat(
            jdbc.sql(
                    """
                    SELECT pg_get_indexdef(indexrelid)
                    FROM pg_index
                    WHERE indrelid = 'webhook_delivery'::regclass AND indpred IS NOT NULL
                    """)
                .query(String.class)
                .list())
        .map(definition -> definition.replaceFirst(" ON \\S+ USING ", " ON webhook_delivery "))
        .containsExactlyInAnyOrder(
            "CREATE INDEX ix_webhook_delivery_due ON webhook_delivery btree (next_attempt_at, id)"
                + " WHERE ((state)::text = 'PENDING'::text)",
            "CREATE INDEX ix_webhook_delivery_parked ON webhook_delivery btree (id)"
                + " WHERE ((state)::text = 'PARKED'::text)");
  }

  // A 2xx moves its delivery out of the due index's predicate: the UPDATE writes no entry there,
  // where the full (state, next_attempt_at) index took one per delivery.
  @Test
  void onPostgresqlA2xxWritesNoEntryToTheDueIndex() {
    String batch = UUID.randomUUID().toString().substring(0, 8);
    Instant now = clock.instant();
    // Due long after this test, so that no dispatcher takes them meanwhile; each at its own time,
    // as real ones are (the same keys would share an entry).
    List<Long> ids =
        jdbc.sql(
                """
                INSERT INTO webhook_delivery (event_id, event_type, app_id, url, destination, body,
                                              state, attempts, schedule_step, next_attempt_at,
                                              created_at, updated_at)
                SELECT :batch || '-' || n, 'IndexProbe', 'index-probe', 'http://127.0.0.1:9/', 'APP',
                       '{}', 'PENDING', 1, 0, :later + n * INTERVAL '1 second', :now, :now
                FROM generate_series(1, 1000) AS n
                RETURNING id
                """)
            .param("batch", batch)
            .param("later", SqlTime.toColumn(now.plus(Duration.ofDays(3650))))
            .param("now", SqlTime.toColumn(now))
            .query(Long.class)
            .list();
    try {
      long before = indexBytes("ix_webhook_delivery_due");
      assertThat(ids).allMatch(id -> repository.markDelivered(id, 200, now));

      assertThat(indexBytes("ix_webhook_delivery_due")).isEqualTo(before);
    } finally {
      jdbc.sql("DELETE FROM webhook_delivery WHERE app_id = 'index-probe'").update();
    }
  }

  // The console's list of a state names the state as a literal: under a generic plan (what a
  // prepared statement may get after five executions) a bind parameter cannot match the partial
  // index's predicate, and the list of parked deliveries would read the whole table.
  @Test
  void onPostgresqlTheListOfParkedDeliveriesUsesItsIndexUnderAGenericPlan() {
    long scans =
        new TransactionTemplate(transactionManager)
            .execute(
                status -> {
                  status.setRollbackOnly();
                  jdbc.sql("SET LOCAL plan_cache_mode = force_generic_plan").update();
                  // A test database is small enough to be read whole: make that the last resort.
                  jdbc.sql("SET LOCAL enable_seqscan = off").update();
                  long before = scansOf("ix_webhook_delivery_parked");
                  repository.inState(DeliveryState.PARKED, 50);
                  return scansOf("ix_webhook_delivery_parked") - before;
                });

    assertThat(scans).isEqualTo(1);
  }

  private long indexBytes(String index) {
    return ofIndex("pg_relation_size", index);
  }

  // The scans of an index in this transaction, not yet sent to the statistics.
  private long scansOf(String index) {
    return ofIndex("pg_stat_get_xact_numscans", index);
  }

  private long ofIndex(String function, String index) {
    return jdbc.sql("SELECT " + function + "(:index::regclass)")
        .param("index", index)
        .query(Long.class)
        .single();
  }
}
