package io.payonce.server.outbox;

import static org.assertj.core.api.Assertions.assertThat;

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

  private long hotUpdatesOfOutbox() {
    return jdbc.sql("SELECT pg_stat_get_xact_tuples_hot_updated('outbox'::regclass)")
        .query(Long.class)
        .single();
  }
}
