package io.payonce.server.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.db.SqlTime;
import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.TestDatabase;
import java.time.Instant;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.springframework.transaction.support.TransactionTemplate;

@OnDatabase(TestDatabase.POSTGRES)
class OutboxClaimsIntegrationTestsOnPostgres extends OutboxClaimsIntegrationTests {

  // On PostgreSQL a claim writes no index entry (a HOT update), and new pages keep room for it.
  @Test
  void onPostgresqlAClaimIsAHotUpdateOnPagesThatKeepRoomForIt() {
    relay.drain();
    List<Long> ids = IntStream.range(0, 3).mapToObj(i -> unpublishedRow()).toList();
    Instant now = clock.instant();
    long[] claimedAndHot =
        new TransactionTemplate(transactionManager)
            .execute(
                status -> {
                  status.setRollbackOnly();
                  // The connection's counts not yet sent to the statistics: this claim's are what
                  // it adds to them.
                  long before = hotUpdatesOfOutbox();
                  int claimed = claims.claim(200, now, now.plusSeconds(30)).rows().size();
                  return new long[] {claimed, hotUpdatesOfOutbox() - before};
                });
    claims.markPublished(ids, now);

    assertThat(claimedAndHot[0]).isGreaterThanOrEqualTo(3);
    assertThat(claimedAndHot[1]).isEqualTo(claimedAndHot[0]);
    assertThat(
            jdbc.sql(
                    """
                    SELECT relname || ':' || array_to_string(reloptions, ',')
                    FROM pg_class
                    WHERE oid IN ('outbox'::regclass, 'webhook_delivery'::regclass)
                    """)
                .query(String.class)
                .list())
        .containsExactlyInAnyOrder("outbox:fillfactor=80", "webhook_delivery:fillfactor=80");
  }

  // The index that finds the rows to publish holds only those (V86): marking rows published writes
  // no entry there, where the full (published_at, id) index took one per row.
  @Test
  void onPostgresqlTheUnpublishedIndexHoldsOnlyTheUnpublishedRows() {
    assertThat(
            jdbc.sql("SELECT pg_get_indexdef('ix_outbox_unpublished'::regclass)")
                .query(String.class)
                .single())
        .endsWith(" USING btree (id) WHERE (published_at IS NULL)");
  }

  @Test
  void onPostgresqlMarkingPublishedWritesNoEntryToTheUnpublishedIndex() {
    Instant now = clock.instant();
    List<Long> ids =
        jdbc.sql(
                """
                INSERT INTO outbox (aggregate, aggregate_id, event_type, payload, created_at,
                                    attempts, event_id)
                SELECT 'ORDER', 1, 'ClaimProbe', '{}', :now, 0, gen_random_uuid()::text
                FROM generate_series(1, 1000)
                RETURNING id
                """)
            .param("now", SqlTime.toColumn(now))
            .query(Long.class)
            .list();
    long before = unpublishedIndexBytes();

    // Probes, not events: published before any relay of the shared database takes them.
    claims.markPublished(ids, now);

    assertThat(unpublishedIndexBytes()).isEqualTo(before);
  }

  private long unpublishedIndexBytes() {
    return jdbc.sql("SELECT pg_relation_size('ix_outbox_unpublished'::regclass)")
        .query(Long.class)
        .single();
  }

  private long hotUpdatesOfOutbox() {
    return jdbc.sql("SELECT pg_stat_get_xact_tuples_hot_updated('outbox'::regclass)")
        .query(Long.class)
        .single();
  }
}
