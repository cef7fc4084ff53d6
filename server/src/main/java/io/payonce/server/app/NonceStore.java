package io.payonce.server.app;

import io.payonce.server.db.SqlTime;
import java.time.Instant;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/**
 * The nonces of signed requests still inside their window (the api_nonce table). Taking one is an
 * insert: a duplicate key means the request was seen before, whichever instance served it.
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

  NonceStore(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /** Whether this is the first use of {@code nonce} by the app (and records it until then). */
  public boolean firstUse(String appId, String nonce, Instant keepUntil) {
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
