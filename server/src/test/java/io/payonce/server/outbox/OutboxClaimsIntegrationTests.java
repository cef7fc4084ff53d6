package io.payonce.server.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.db.SqlTime;
import io.payonce.server.db.UpdateReturning;
import io.payonce.server.testing.IndexedColumns;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.StatementLog;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.stream.IntStream;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * The relay's claim on the real database, statement by statement: what it returns when another
 * instance took some of its candidates between its read and its UPDATE, and what that costs.
 */
@PayOnceIntegrationTest
abstract class OutboxClaimsIntegrationTests {

  @Autowired OutboxRelay relay;
  @Autowired OutboxClaims claims;
  @Autowired JdbcClient jdbc;
  @Autowired DataSource dataSource;
  @Autowired UpdateReturning returning;
  @Autowired MutableClock clock;
  @Autowired PlatformTransactionManager transactionManager;

  @Test
  void aClaimThatLostRowsToAnotherInstanceReturnsExactlyWhatItTookInOneStatementWherePossible() {
    // What other tests left unpublished goes first: the candidates are this test's rows.
    relay.drain();
    List<Long> ids = IntStream.range(0, 3).mapToObj(i -> unpublishedRow()).toList();
    Instant now = clock.instant();
    Instant until = now.plus(Duration.ofSeconds(30));
    StatementLog log = new StatementLog(dataSource);
    OutboxClaims counted = new OutboxClaims(JdbcClient.create(log), returning);
    // Another instance claims the middle row between this claim's read and its UPDATE.
    log.beforeFirst(
        "UPDATE outbox",
        () ->
            jdbc.sql(
                    """
                    UPDATE outbox
                    SET claim_token = :token, claim_until = :until, attempts = attempts + 1
                    WHERE id = :id
                    """)
                .param("token", UUID.randomUUID().toString())
                .param("until", SqlTime.toColumn(until))
                .param("id", ids.get(1))
                .update());

    OutboxClaims.Claim claim;
    try {
      claim = counted.claim(200, now, until);
    } finally {
      // Probes, not events: no relay of the shared database is to publish them.
      claims.markPublished(ids, now);
    }

    // Exactly the rows this token took, oldest first, each attempt counted by this claim.
    assertThat(claim.rows())
        .filteredOn(row -> ids.contains(row.id()))
        .extracting(OutboxClaims.ClaimedRow::id, OutboxClaims.ClaimedRow::attempts)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(ids.get(0), 1),
            org.assertj.core.groups.Tuple.tuple(ids.get(2), 1));
    assertThat(claim.rows())
        .extracting(OutboxClaims.ClaimedRow::id)
        .isSorted()
        .doesNotContain(ids.get(1));
    assertThat(claim.rows())
        .filteredOn(row -> ids.contains(row.id()))
        .allSatisfy(row -> assertThat(row.eventType()).isEqualTo("ClaimProbe"));
    // The candidates' read and the claim; MariaDB and H2 then read back what the token holds.
    assertThat(log.taken()).hasSize(returning.supported() ? 2 : 3);
  }

  // No index covers what a claim writes: on PostgreSQL the claim's UPDATE can then be a HOT update,
  // which writes no index entry (V85).
  @Test
  void noIndexCoversTheColumnsAClaimWrites() throws Exception {
    assertThat(IndexedColumns.of(dataSource, "outbox"))
        .contains("id", "event_id")
        .doesNotContain("claim_token", "claim_until", "attempts");
  }

  long unpublishedRow() {
    org.springframework.jdbc.support.KeyHolder key =
        new org.springframework.jdbc.support.GeneratedKeyHolder();
    jdbc.sql(
            """
            INSERT INTO outbox (aggregate, aggregate_id, event_type, payload, created_at, attempts,
                                event_id)
            VALUES ('ORDER', 1, 'ClaimProbe', '{}', :now, 0, :eventId)
            """)
        .param("now", SqlTime.toColumn(clock.instant()))
        .param("eventId", UUID.randomUUID().toString())
        .update(key, "id");
    return key.getKey().longValue();
  }
}
