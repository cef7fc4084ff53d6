package io.payonce.server.app;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.db.DatabaseProduct;
import io.payonce.server.testing.OnDatabase;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestDatabase;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.datasource.SingleConnectionDataSource;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * On PostgreSQL a signed request's nonce is committed without waiting for the WAL flush, and still
 * refuses its replay; the connection's other commits keep waiting.
 */
@PayOnceIntegrationTest
@OnDatabase(TestDatabase.POSTGRES)
class NonceStoreIntegrationTestsOnPostgres {

  private static final int NONCES = 200;

  @Autowired NonceStore nonces;
  @Autowired DataSource dataSource;
  @Autowired DatabaseProduct database;
  @Autowired ObjectProvider<SharedNonces> noRedis;
  @Autowired PlatformTransactionManager transactions;
  @Autowired JdbcClient jdbc;

  @Test
  void aNonceIsTakenOnceAndItsReplayRefused() {
    String nonce = TestApps.nonce();
    Instant now = Instant.now();

    assertThat(nonces.firstUse(TestApps.APP_ID, nonce, now, now.plusSeconds(300))).isTrue();
    assertThat(nonces.firstUse(TestApps.APP_ID, nonce, now, now.plusSeconds(300))).isFalse();
  }

  @Test
  void takingNoncesDoesNotWaitForAFlushEachAndLeavesTheConnectionWaitingForItsOthers()
      throws SQLException {
    // One connection for the store and the counter: PostgreSQL reports a session's WAL statistics
    // only when asked to (pg_stat_force_next_flush) or a second after it went idle.
    try (Connection connection = dataSource.getConnection()) {
      JdbcClient oneConnection =
          JdbcClient.create(new SingleConnectionDataSource(connection, true));
      NonceStore store = new NonceStore(oneConnection, noRedis, database);
      Instant now = Instant.now();
      long before = walSyncs(oneConnection);

      for (int i = 0; i < NONCES; i++) {
        assertThat(store.firstUse(TestApps.APP_ID, TestApps.nonce(), now, now.plusSeconds(300)))
            .isTrue();
      }

      // Waiting for its flush, each insert would sync the WAL once: 200 or more (measured: 200).
      // The WAL writer syncs in the background every 200 ms, and the application's own jobs
      // commit now and then, which leaves a few.
      assertThat(walSyncs(oneConnection) - before).isLessThan(NONCES / 4);
      assertThat(oneConnection.sql("SHOW synchronous_commit").query(String.class).single())
          .isEqualTo("on");
    }
  }

  @Test
  void insideATransactionTheNonceWaitsForItsFlushLikeEverythingElseInIt() {
    String setting =
        new TransactionTemplate(transactions)
            .execute(
                status -> {
                  Instant now = Instant.now();
                  assertThat(
                          nonces.firstUse(
                              TestApps.APP_ID, TestApps.nonce(), now, now.plusSeconds(300)))
                      .isTrue();
                  return jdbc.sql("SHOW synchronous_commit").query(String.class).single();
                });

    assertThat(setting).isEqualTo("on");
  }

  private static long walSyncs(JdbcClient jdbc) {
    jdbc.sql("SELECT pg_stat_force_next_flush()").query().singleRow();
    return jdbc.sql("SELECT wal_sync FROM pg_stat_wal").query(Long.class).single();
  }
}
