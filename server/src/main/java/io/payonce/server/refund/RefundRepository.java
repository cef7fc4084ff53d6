package io.payonce.server.refund;

import io.payonce.server.db.SqlTime;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

@Repository
class RefundRepository {

  private static final String INSERT =
      """
      INSERT INTO refund (pay_id, order_id, out_trade_no, out_request_no, amount_minor, currency,
                          reason, kind, status, next_attempt_at, created_at, updated_at)
      VALUES (:payId, :orderId, :outTradeNo, :outRequestNo, :amountMinor, :currency,
              :reason, :kind, 'PENDING', :now, :now, :now)
      """;

  private static final String SELECT_COLUMNS =
      """
      SELECT id, pay_id, order_id, out_trade_no, out_request_no, amount_minor, currency, reason,
             kind, status, detail, created_at, updated_at
      FROM refund
      """;

  private static final String SELECT_BY_ID = SELECT_COLUMNS + "WHERE id = :id";

  private static final String SELECT_BY_REQUEST =
      SELECT_COLUMNS
          + """
          WHERE pay_id = :payId
            AND out_request_no = :outRequestNo
          """;

  private static final String SELECT_BY_ORDER =
      SELECT_COLUMNS
          + """
          WHERE order_id = :orderId
          ORDER BY id
          """;

  private static final String SELECT_BY_PAYMENT =
      SELECT_COLUMNS
          + """
          WHERE pay_id = :payId
          ORDER BY id
          """;

  private static final String SELECT_DUE =
      SELECT_COLUMNS
          + """
          WHERE status = 'PENDING'
            AND next_attempt_at <= :now
          ORDER BY id
          LIMIT :limit
          """;

  private static final String TRANSITION =
      """
      UPDATE refund
      SET status = :to,
          detail = :detail,
          updated_at = :now
      WHERE id = :id
        AND status IN (:from)
      """;

  private static final String NOTE_UNKNOWN =
      """
      UPDATE refund
      SET detail = :detail,
          updated_at = :now
      WHERE id = :id
        AND status = 'PENDING'
      """;

  private static final String CLAIM_ATTEMPT =
      """
      UPDATE refund
      SET next_attempt_at = :next,
          attempt_token = :token
      WHERE id = :id
        AND status = 'PENDING'
        AND next_attempt_at <= :now
      """;

  private static final String MERCHANT_TOTALS =
      """
      SELECT COALESCE(SUM(CASE WHEN status = 'SUCCESS' THEN amount_minor ELSE 0 END), 0) AS refunded,
             COALESCE(SUM(CASE WHEN status = 'PENDING' THEN 1 ELSE 0 END), 0) AS pending
      FROM refund
      WHERE order_id = :orderId
        AND kind = 'MERCHANT'
      """;

  private final JdbcClient jdbc;

  RefundRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Inserts a PENDING refund, due at once.
   *
   * @throws org.springframework.dao.DuplicateKeyException if the payment has this refund number
   */
  long insert(
      long payId,
      long orderId,
      String outTradeNo,
      String outRequestNo,
      long amountMinor,
      String currency,
      String reason,
      RefundKind kind,
      Instant now) {
    KeyHolder key = new GeneratedKeyHolder();
    jdbc.sql(INSERT)
        .param("payId", payId)
        .param("orderId", orderId)
        .param("outTradeNo", outTradeNo)
        .param("outRequestNo", outRequestNo)
        .param("amountMinor", amountMinor)
        .param("currency", currency)
        .param("reason", reason, Types.VARCHAR)
        .param("kind", kind.name())
        .param("now", SqlTime.toColumn(now))
        .update(key, "id");
    return key.getKey().longValue();
  }

  Optional<Refund> findById(long id) {
    return jdbc.sql(SELECT_BY_ID).param("id", id).query(RefundRepository::map).optional();
  }

  Optional<Refund> findByRequest(long payId, String outRequestNo) {
    return jdbc.sql(SELECT_BY_REQUEST)
        .param("payId", payId)
        .param("outRequestNo", outRequestNo)
        .query(RefundRepository::map)
        .optional();
  }

  List<Refund> findByOrder(long orderId) {
    return jdbc.sql(SELECT_BY_ORDER).param("orderId", orderId).query(RefundRepository::map).list();
  }

  List<Refund> findByPayment(long payId) {
    return jdbc.sql(SELECT_BY_PAYMENT).param("payId", payId).query(RefundRepository::map).list();
  }

  List<Refund> findDue(Instant now, int limit) {
    return jdbc.sql(SELECT_DUE)
        .param("now", SqlTime.toColumn(now))
        .param("limit", limit)
        .query(RefundRepository::map)
        .list();
  }

  int transition(long id, RefundStatus to, String detail, Instant now) {
    return jdbc.sql(TRANSITION)
        .param("id", id)
        .param("to", to.name())
        .param("from", RefundStatus.allowedFromNames(to))
        .param("detail", detail, Types.VARCHAR)
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  /**
   * The transition, only while the attempt {@code token} took still holds the refund: an attempt
   * taken over by another (its claim ran out) decides nothing by what its own call was told.
   */
  int transitionHolding(long id, String token, RefundStatus to, String detail, Instant now) {
    return jdbc.sql(TRANSITION + "  AND attempt_token = :token\n")
        .param("id", id)
        .param("token", token)
        .param("to", to.name())
        .param("from", RefundStatus.allowedFromNames(to))
        .param("detail", detail, Types.VARCHAR)
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  /** Notes that an attempt's outcome was unknown: the next attempt asks the channel first. */
  void noteUnknown(long id, String detail, Instant now) {
    jdbc.sql(NOTE_UNKNOWN)
        .param("id", id)
        .param("detail", detail)
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  /**
   * Takes the next attempt at a pending refund under {@code token}: one caller at a time, until
   * {@code next}, when another may take it over.
   */
  boolean claimAttempt(long id, String token, Instant now, Instant next) {
    return jdbc.sql(CLAIM_ATTEMPT)
            .param("id", id)
            .param("token", token)
            .param("now", SqlTime.toColumn(now))
            .param("next", SqlTime.toColumn(next))
            .update()
        == 1;
  }

  /** Merchant refunds of an order: refunded so far, and how many are still pending. */
  long[] merchantTotals(long orderId) {
    return jdbc.sql(MERCHANT_TOTALS)
        .param("orderId", orderId)
        .query((rs, row) -> new long[] {rs.getLong("refunded"), rs.getLong("pending")})
        .single();
  }

  private static Refund map(ResultSet rs, int row) throws SQLException {
    return new Refund(
        rs.getLong("id"),
        rs.getLong("pay_id"),
        rs.getLong("order_id"),
        rs.getString("out_trade_no"),
        rs.getString("out_request_no"),
        rs.getLong("amount_minor"),
        rs.getString("currency"),
        rs.getString("reason"),
        RefundKind.valueOf(rs.getString("kind")),
        RefundStatus.valueOf(rs.getString("status")),
        rs.getString("detail"),
        SqlTime.fromColumn(rs, "created_at"),
        SqlTime.fromColumn(rs, "updated_at"));
  }
}
