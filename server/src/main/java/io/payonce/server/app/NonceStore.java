package io.payonce.server.app;

import io.payonce.server.db.DatabaseProduct;
import io.payonce.server.db.SqlTime;
import java.time.Instant;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;
import org.springframework.transaction.support.TransactionSynchronizationManager;

/**
 * The nonces of signed requests still inside their window: in Redis when it is enabled ({@link
 * SharedNonces}), else — and while Redis is down — in the api_nonce table, where taking one is an
 * insert: a duplicate key means the request was seen before, whichever instance served it.
 *
 * <p>While Redis is down a nonce first seen by Redis is not in the table, so a replay inside its
 * window would pass (and the other way round once Redis is back). That is accepted: it needs a
 * captured request and an outage at once, and every request that moves money is idempotent by its
 * own key (order number, Idempotency-Key, outRequestNo), so a replay changes nothing. For the same
 * reason a nonce does not wait for a disk flush where the database lets one statement choose
 * (PostgreSQL); on MariaDB, whose flush policy is server-wide, each signed request costs one flush
 * unless Redis holds the nonces.
 */
@Repository
public class NonceStore {

  private static final String INSERT =
      """
      INSERT INTO api_nonce (app_id, nonce, expires_at)
      VALUES (:appId, :nonce, :expiresAt)
      """;

  /**
   * The same insert on PostgreSQL, committed without waiting for its WAL flush: the setting is
   * local to the statement's own (implicit) transaction, so nothing else commits this way. The row
   * is visible to every instance at commit as before; only a crash of the database server can lose
   * the last fraction of a second of nonces (wal_writer_delay), after which a request replayed
   * inside its window would pass once — and meet the idempotency every money request has by its own
   * key. A nonce is not worth a disk flush per signed request.
   */
  private static final String INSERT_WITHOUT_WAITING_FOR_FLUSH =
      """
      WITH relaxed AS (SELECT set_config('synchronous_commit', 'off', true) AS setting)
      INSERT INTO api_nonce (app_id, nonce, expires_at)
      SELECT :appId, :nonce, :expiresAt FROM relaxed
      """;

  private static final String PURGE =
      """
      DELETE FROM api_nonce
      WHERE expires_at < :now
      """;

  private final JdbcClient jdbc;
  private final SharedNonces redis;
  private final String insert;

  NonceStore(JdbcClient jdbc, ObjectProvider<SharedNonces> redis, DatabaseProduct database) {
    this.jdbc = jdbc;
    this.redis = redis.getIfAvailable();
    this.insert = database.postgresql() ? INSERT_WITHOUT_WAITING_FOR_FLUSH : INSERT;
  }

  /**
   * Whether this is the first use of {@code nonce} by the app (and records it until {@code
   * keepUntil}).
   */
  public boolean firstUse(String appId, String nonce, Instant now, Instant keepUntil) {
    if (redis != null) {
      Boolean first = redis.firstUse(appId, nonce, now, keepUntil);
      if (first != null) {
        return first;
      }
    }
    try {
      // Inside a transaction the relaxed setting would last to its commit, and relax whatever
      // else it writes: there the insert waits for its flush like everything else.
      jdbc.sql(TransactionSynchronizationManager.isActualTransactionActive() ? INSERT : insert)
          .param("appId", appId)
          .param("nonce", nonce)
          .param("expiresAt", SqlTime.toColumn(keepUntil))
          .update();
      return true;
    } catch (DuplicateKeyException e) {
      return false;
    }
  }

  int purge(Instant now) {
    return jdbc.sql(PURGE).param("now", SqlTime.toColumn(now)).update();
  }
}
