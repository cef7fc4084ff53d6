package io.payonce.server.app;

import io.payonce.server.db.SqlTime;
import java.time.Instant;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The nonces of signed requests still inside their window: in Redis when it is enabled ({@link
 * SharedNonces}), else — and while Redis is down — in the api_nonce table, where taking one is an
 * insert: a duplicate key means the request was seen before, whichever instance served it.
 *
 * <p>While Redis is down a nonce first seen by Redis is not in the table, so a replay inside its
 * window would pass (and the other way round once Redis is back). That is accepted: it needs a
 * captured request and an outage at once, and every request that moves money is idempotent by its
 * own key (order number, Idempotency-Key, outRequestNo), so a replay changes nothing.
 */
@Repository
public class NonceStore {

  private static final String INSERT =
      """
      INSERT INTO api_nonce (app_id, nonce, expires_at)
      VALUES (:appId, :nonce, :expiresAt)
      """;

  private static final String PURGE =
      """
      DELETE FROM api_nonce
      WHERE expires_at < :now
      """;

  private final JdbcClient jdbc;
  private final SharedNonces redis;

  NonceStore(JdbcClient jdbc, ObjectProvider<SharedNonces> redis) {
    this.jdbc = jdbc;
    this.redis = redis.getIfAvailable();
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
      jdbc.sql(INSERT)
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
