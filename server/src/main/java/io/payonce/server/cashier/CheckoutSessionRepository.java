package io.payonce.server.cashier;

import io.payonce.server.db.SqlTime;
import io.payonce.server.order.OrderRef;
import java.time.Instant;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.stereotype.Repository;

/** The checkout_session table, keyed by the token's SHA-256. */
@Repository
class CheckoutSessionRepository {

  private static final String INSERT =
      """
      INSERT INTO checkout_session (token_hash, app_id, order_no, created_at, expires_at)
      VALUES (:tokenHash, :appId, :orderNo, :now, :expiresAt)
      """;

  private static final String SELECT_LIVE =
      """
      SELECT s.app_id, s.order_no
      FROM checkout_session s
      JOIN merchant_app a ON a.app_id = s.app_id
      WHERE s.token_hash = :tokenHash
        AND s.expires_at > :now
        AND a.status = 'ACTIVE'
      """;

  private static final String PURGE =
      """
      DELETE FROM checkout_session
      WHERE expires_at < :before
      """;

  private final JdbcClient jdbc;

  CheckoutSessionRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  void insert(String tokenHash, OrderRef order, Instant now, Instant expiresAt) {
    jdbc.sql(INSERT)
        .param("tokenHash", tokenHash)
        .param("appId", order.appId())
        .param("orderNo", order.orderNo())
        .param("now", SqlTime.toColumn(now))
        .param("expiresAt", SqlTime.toColumn(expiresAt))
        .update();
  }

  /** A session of a disabled app opens nothing, as an expired one: the app takes no new payment. */
  Optional<OrderRef> findLive(String tokenHash, Instant now) {
    return jdbc.sql(SELECT_LIVE)
        .param("tokenHash", tokenHash)
        .param("now", SqlTime.toColumn(now))
        .query((rs, row) -> new OrderRef(rs.getString("app_id"), rs.getString("order_no")))
        .optional();
  }

  int purge(Instant before) {
    return jdbc.sql(PURGE).param("before", SqlTime.toColumn(before)).update();
  }
}
