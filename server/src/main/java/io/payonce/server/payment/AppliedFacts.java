package io.payonce.server.payment;

import io.payonce.server.db.SqlTime;
import java.time.Instant;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The notify dedup table: one row per channel fact applied. {@link #insert} runs first in the
 * transaction of the state change it guards: a duplicate key means a committed transaction (or a
 * running one, which the insert waits for) applied the fact, and this one must roll back whole.
 */
@Repository
class AppliedFacts {

  private static final String INSERT =
      """
      INSERT INTO notify_dedup (channel, event_key, out_trade_no, payload_hash, received_at)
      VALUES (:channel, :eventKey, :outTradeNo, :payloadHash, :now)
      """;

  private final JdbcClient jdbc;

  AppliedFacts(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Records the fact.
   *
   * @throws org.springframework.dao.DuplicateKeyException if it was recorded before
   */
  void insert(ChannelFact fact, String outTradeNo, Instant now) {
    jdbc.sql(INSERT)
        .param("channel", fact.channel())
        .param("eventKey", fact.eventKey())
        .param("outTradeNo", outTradeNo)
        .param("payloadHash", fact.payloadHash())
        .param("now", SqlTime.toColumn(now))
        .update();
  }
}
