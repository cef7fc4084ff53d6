package io.payonce.server.payment;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.db.SqlTime;
import io.payonce.server.db.UpdateReturning;
import io.payonce.server.money.Money;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderRows;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import org.springframework.jdbc.core.simple.JdbcClient;
import org.springframework.jdbc.support.GeneratedKeyHolder;
import org.springframework.jdbc.support.KeyHolder;
import org.springframework.stereotype.Repository;

/**
 * Payments on JdbcClient; joins the caller's transaction. Status changes go through {@link
 * PaymentTransitions} only: {@link #transition} is package-private for that reason.
 */
@Repository
class PaymentRepository {

  /** The value of active_slot while a payment is in flight; NULL otherwise. */
  static final int ACTIVE_SLOT = 1;

  private static final String INSERT =
      """
      INSERT INTO payment (order_id, channel, kind, out_trade_no, amount_minor, currency, status,
                           active_slot, request_id, expire_time, call_lease_until,
                           channel_config, buyer, next_check_at, created_at, updated_at, version)
      VALUES (:orderId, :channel, :kind, :outTradeNo, :amountMinor, :currency, :status,
              :activeSlot, :requestId, :expireTime, :callLeaseUntil, :channelConfig, :buyer,
              :firstCheckAt, :now, :now, 0)
      """;

  private static final String SELECT_COLUMNS =
      """
      SELECT pay_id, order_id, channel, kind, out_trade_no, amount_minor, currency, status,
             trade_no, qr_code, request_id, expire_time, watch_until, created_at, updated_at,
             version, channel_config, handoff, buyer
      FROM payment
      """;

  private static final String SELECT_BY_ID = SELECT_COLUMNS + "WHERE pay_id = :payId";

  private static final String SELECT_BY_OUT_TRADE_NO =
      SELECT_COLUMNS + "WHERE out_trade_no = :outTradeNo";

  private static final String SELECT_IN_FLIGHT =
      SELECT_COLUMNS
          + """
          WHERE order_id = :orderId
            AND active_slot = :activeSlot
          """;

  private static final String SELECT_BY_ORDER =
      SELECT_COLUMNS
          + """
          WHERE order_id = :orderId
          ORDER BY pay_id
          """;

  // previous_status is assigned first: MySQL evaluates SET left to right, the others use old
  // values. active_slot follows the status in the same statement, so the slot is never stale;
  // next_check_at too (it reads the old watch_until, before it is assigned): kept while the payment
  // stays in flight or watched, NULL once neither.
  private static final String TRANSITION =
      """
      UPDATE payment
      SET previous_status = status,
          next_check_at = CASE
                            WHEN :activeSlot IS NOT NULL
                                 OR (watch_until IS NOT NULL AND :to <> 'SUCCESS')
                              THEN COALESCE(next_check_at, :now)
                            ELSE NULL
                          END,
          status = :to,
          active_slot = :activeSlot,
          trade_no = COALESCE(:tradeNo, trade_no),
          qr_code = COALESCE(:qrCode, qr_code),
          handoff = COALESCE(:handoff, handoff),
          expire_time = COALESCE(:expireTime, expire_time),
          watch_until = CASE WHEN :to = 'SUCCESS' THEN NULL ELSE watch_until END,
          updated_at = :now,
          version = version + 1
      WHERE pay_id = :payId
        AND status IN (:from)
      """;

  // What a transition's winner needs of the row it changed: the row, the status it left and the
  // order's number (for the event). p.* rather than a column list: the mapper reads by name.
  private static final String TRANSITIONED_OF_ROW =
      """
      SELECT p.*, o.order_no AS order_no_of_payment
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE p.pay_id = :payId
      """;

  private static final String TRANSITION_RETURNING =
      "WITH changed AS ("
          + TRANSITION
          + """
          RETURNING *)
          SELECT c.*, o.order_no AS order_no_of_payment
          FROM changed c
          JOIN orders o ON o.id = c.order_id
          """;

  // An order by its reference and its payment in flight, if any: a repeated precreate's one read.
  private static final String SELECT_ORDER_WITH_IN_FLIGHT =
      "SELECT "
          + OrderRows.PREFIXED_COLUMNS
          + """
          , p.*
          FROM orders o
          LEFT JOIN payment p ON p.order_id = o.id AND p.active_slot = :activeSlot
          WHERE o.app_id = :appId
            AND o.order_no = :orderNo
          """;

  // The payment a fact is about, and whether the fact was applied: one indexed read, no lock.
  private static final String SELECT_WITH_FACT =
      """
      SELECT p.*, d.out_trade_no AS fact_applied_to
      FROM payment p
      LEFT JOIN notify_dedup d ON d.channel = :channel AND d.event_key = :eventKey
      WHERE p.out_trade_no = :outTradeNo
      """;

  // A payment's order never changes: read without a lock, before the order's is taken.
  private static final String SELECT_ORDER_ID =
      """
      SELECT order_id
      FROM payment
      WHERE pay_id = :payId
      """;

  // A locking read sees the latest committed row even inside an older MySQL snapshot.
  private static final String SELECT_STATUS_FOR_UPDATE =
      """
      SELECT status
      FROM payment
      WHERE pay_id = :payId
      FOR UPDATE
      """;

  // Only an INIT payment has a channel call to lease; a lease that outlived its holder is free.
  private static final String CLAIM_CALL_LEASE =
      """
      UPDATE payment
      SET call_lease_until = :until
      WHERE pay_id = :payId
        AND status = 'INIT'
        AND (call_lease_until IS NULL OR call_lease_until < :now)
      """;

  private static final String RELEASE_CALL_LEASE =
      """
      UPDATE payment
      SET call_lease_until = NULL
      WHERE pay_id = :payId
        AND call_lease_until = :until
      """;

  private static final String END_CALL_LEASE =
      """
      UPDATE payment
      SET call_lease_until = NULL
      WHERE pay_id = :payId
        AND status = 'INIT'
        AND call_lease_until = :until
      """;

  private static final String CLAIM_QUERY =
      """
      UPDATE payment
      SET next_query_at = :next
      WHERE pay_id = :payId
        AND (next_query_at IS NULL OR next_query_at <= :now)
      """;

  // A watch starts or moves: the payment is due to the janitor (kept if it already was).
  private static final String WATCH =
      """
      UPDATE payment
      SET next_check_at = COALESCE(next_check_at, :now),
          watch_until = :until
      WHERE pay_id = :payId
      """;

  // A watch ends: due no more unless still in flight. Two statements, not one with ":until IS
  // NULL": PostgreSQL cannot type a null timestamp parameter tested on its own (42P18), and the
  // watch of every closed code would never end there.
  private static final String UNWATCH =
      """
      UPDATE payment
      SET next_check_at = CASE
                            WHEN active_slot IS NOT NULL THEN COALESCE(next_check_at, :now)
                            ELSE NULL
                          END,
          watch_until = NULL
      WHERE pay_id = :payId
      """;

  // The janitor's claim: whoever moves next_check_at past now first asks; the row count says who.
  // Other janitors are kept off by next_check_at alone; a request's query only for the query
  // interval (:queryAgainAt), as after any other query, not for the janitor's whole back-off.
  private static final String CLAIM_CHECK =
      """
      UPDATE payment
      SET next_check_at = :next,
          next_query_at = :queryAgainAt
      WHERE pay_id = :payId
        AND next_check_at <= :now
        AND (next_query_at IS NULL OR next_query_at <= :now)
      """;

  // In flight for a while, or closed here and watched until a query after its code died says it
  // was not paid (the janitor then ends the watch); not claimed. Due longest first, whatever the
  // payment's age: a claim moves the payment behind every other due one (next_check_at's index).
  private static final String DUE =
      """
      WHERE next_check_at <= :now
        AND ((active_slot = :activeSlot AND created_at < :olderThan)
             OR watch_until IS NOT NULL)
      """;

  private static final String SELECT_DUE =
      SELECT_COLUMNS
          + DUE
          + """
            AND (next_query_at IS NULL OR next_query_at <= :now)
          ORDER BY next_check_at, pay_id
          LIMIT :limit
          """;

  private static final String SELECT_BACKLOG =
      """
      SELECT COUNT(*) AS due, MIN(next_check_at) AS oldest
      FROM payment
      """
          + DUE;

  private static final String SELECT_STUCK =
      SELECT_COLUMNS
          + """
          WHERE active_slot = :activeSlot
            AND stuck_alarmed_at IS NULL
            AND (updated_at < :movedBefore
                 OR (kind = 'BARCODE' AND expire_time < :expiredBefore))
          ORDER BY pay_id
          LIMIT :limit
          """;

  private static final String CLAIM_STUCK_ALARM =
      """
      UPDATE payment
      SET stuck_alarmed_at = :now
      WHERE pay_id = :payId
        AND stuck_alarmed_at IS NULL
        AND active_slot = :activeSlot
      """;

  private static final String RESERVE_REFUND =
      """
      UPDATE payment
      SET refund_reserved_minor = refund_reserved_minor + :amount
      WHERE pay_id = :payId
        AND status = 'SUCCESS'
        AND refund_reserved_minor + :amount <= amount_minor
      """;

  private static final String RELEASE_REFUND =
      """
      UPDATE payment
      SET refund_reserved_minor = refund_reserved_minor - :amount
      WHERE pay_id = :payId
        AND refund_reserved_minor >= :amount
      """;

  private final JdbcClient jdbc;

  PaymentRepository(JdbcClient jdbc) {
    this.jdbc = jdbc;
  }

  /**
   * Inserts an INIT payment holding the order's slot and returns its id. A second in-flight payment
   * for the order (or a taken out_trade_no) raises DuplicateKey, which on PostgreSQL also aborts
   * the transaction.
   */
  long insertInFlight(
      Order order,
      Channel channel,
      PaymentKind kind,
      String outTradeNo,
      String requestId,
      Instant expireTime,
      Instant callLeaseUntil,
      String channelConfig,
      Instant firstCheckAt,
      String buyer,
      Instant now) {
    KeyHolder key = new GeneratedKeyHolder();
    jdbc.sql(INSERT)
        .param("orderId", order.id())
        .param("channel", channel.name())
        .param("kind", kind.name())
        .param("outTradeNo", outTradeNo)
        .param("amountMinor", order.amount().minorUnits())
        .param("currency", order.amount().currency())
        .param("status", PaymentStatus.INIT.name())
        .param("activeSlot", ACTIVE_SLOT)
        .param("requestId", requestId, Types.VARCHAR)
        .param("expireTime", SqlTime.toColumn(expireTime), Types.TIMESTAMP)
        .param("callLeaseUntil", SqlTime.toColumn(callLeaseUntil), Types.TIMESTAMP)
        .param("channelConfig", channelConfig)
        .param("firstCheckAt", SqlTime.toColumn(firstCheckAt))
        .param("buyer", buyer, Types.VARCHAR)
        .param("now", SqlTime.toColumn(now))
        .update(key, "pay_id");
    return key.getKey().longValue();
  }

  public Optional<Payment> findById(long payId) {
    return jdbc.sql(SELECT_BY_ID)
        .param("payId", payId)
        .query(PaymentRepository::payment)
        .optional();
  }

  public Optional<Payment> findByOutTradeNo(String outTradeNo) {
    return jdbc.sql(SELECT_BY_OUT_TRADE_NO)
        .param("outTradeNo", outTradeNo)
        .query(PaymentRepository::payment)
        .optional();
  }

  /** The order with this reference and its payment in flight, in one read without a lock. */
  Optional<OrderWithInFlight> findOrderWithInFlight(OrderRef ref) {
    return jdbc.sql(SELECT_ORDER_WITH_IN_FLIGHT)
        .param("appId", ref.appId())
        .param("orderNo", ref.orderNo())
        .param("activeSlot", ACTIVE_SLOT)
        .query(
            (rs, row) -> {
              Order order = OrderRows.read(rs, "o_");
              rs.getLong("pay_id");
              return new OrderWithInFlight(
                  order, rs.wasNull() ? Optional.empty() : Optional.of(payment(rs, row)));
            })
        .optional();
  }

  /** An order and its payment in flight, as one read saw them. */
  record OrderWithInFlight(Order order, Optional<Payment> inFlight) {}

  /**
   * The payment with this number, and whether {@code fact} is in the dedup table: a committed
   * transaction applied it (a running one is not seen; its insert decides then).
   */
  Optional<PaymentWithFact> findWithFact(String outTradeNo, ChannelFact fact) {
    return jdbc.sql(SELECT_WITH_FACT)
        .param("outTradeNo", outTradeNo)
        .param("channel", fact.channel())
        .param("eventKey", fact.eventKey())
        .query(
            (rs, row) ->
                new PaymentWithFact(payment(rs, row), rs.getString("fact_applied_to") != null))
        .optional();
  }

  /** A payment, and whether the fact asked about was applied already. */
  record PaymentWithFact(Payment payment, boolean applied) {}

  /** The order's in-flight payment, if any: there is at most one. */
  public Optional<Payment> findInFlight(long orderId) {
    return jdbc.sql(SELECT_IN_FLIGHT)
        .param("orderId", orderId)
        .param("activeSlot", ACTIVE_SLOT)
        .query(PaymentRepository::payment)
        .optional();
  }

  /** All payments of an order, oldest first. */
  public List<Payment> findByOrderId(long orderId) {
    return jdbc.sql(SELECT_BY_ORDER)
        .param("orderId", orderId)
        .query(PaymentRepository::payment)
        .list();
  }

  /** The compare-and-set UPDATE of one transition; returns the row count (1 = this caller won). */
  /**
   * The compare-and-set UPDATE of one transition, answering the row it changed (empty when this
   * caller lost): with RETURNING where the database has it, else read back in the transaction.
   */
  Optional<Transitioned> transitionReturning(
      long payId,
      Collection<PaymentStatus> from,
      PaymentStatus to,
      ChannelFields fields,
      Instant now,
      UpdateReturning returning) {
    return returning
        .changed(
            () ->
                transitionParams(jdbc.sql(TRANSITION_RETURNING), payId, from, to, fields, now)
                    .query(PaymentRepository::transitioned)
                    .list(),
            () -> transition(payId, from, to, fields, now),
            changed ->
                List.of(
                    jdbc.sql(TRANSITIONED_OF_ROW)
                        .param("payId", payId)
                        .query(PaymentRepository::transitioned)
                        .single()))
        .stream()
        .findFirst();
  }

  /** A transition's winner's view of the row it changed. */
  record Transitioned(Payment payment, PaymentStatus previous, String orderNo) {}

  private static Transitioned transitioned(ResultSet rs, int row) throws SQLException {
    return new Transitioned(
        payment(rs, row),
        PaymentStatus.valueOf(rs.getString("previous_status")),
        rs.getString("order_no_of_payment"));
  }

  int transition(
      long payId,
      Collection<PaymentStatus> from,
      PaymentStatus to,
      ChannelFields fields,
      Instant now) {
    return transitionParams(jdbc.sql(TRANSITION), payId, from, to, fields, now).update();
  }

  private static JdbcClient.StatementSpec transitionParams(
      JdbcClient.StatementSpec statement,
      long payId,
      Collection<PaymentStatus> from,
      PaymentStatus to,
      ChannelFields fields,
      Instant now) {
    return statement
        .param("payId", payId)
        .param("from", from.stream().map(Enum::name).toList())
        .param("to", to.name())
        .param("activeSlot", to.isInFlight() ? ACTIVE_SLOT : null, Types.SMALLINT)
        .param("tradeNo", fields.tradeNo(), Types.VARCHAR)
        .param("qrCode", fields.qrCode(), Types.VARCHAR)
        .param("handoff", fields.handoff(), Types.VARCHAR)
        .param("expireTime", SqlTime.toColumn(fields.expireTime()), Types.TIMESTAMP)
        .param("now", SqlTime.toColumn(now));
  }

  /**
   * Takes the right to make the channel call of an INIT payment until {@code until}: true for one
   * caller at a time, and again for anyone once a holder's lease has run out (it crashed, or its
   * call's outcome was unknown and it let go).
   */
  boolean claimCallLease(long payId, Instant now, Instant until) {
    return jdbc.sql(CLAIM_CALL_LEASE)
            .param("payId", payId)
            .param("now", SqlTime.toColumn(now))
            .param("until", SqlTime.toColumn(until))
            .update()
        == 1;
  }

  /** Gives a lease back early, if it is still the one taken until {@code until}. */
  void releaseCallLease(long payId, Instant until) {
    jdbc.sql(RELEASE_CALL_LEASE)
        .param("payId", payId)
        .param("until", SqlTime.toColumn(until))
        .update();
  }

  /**
   * Ends the lease taken until {@code until}, if the payment is still INIT under it: false when the
   * lease ran out and another request took the call over (or the payment moved on). Row-locks the
   * payment until the caller's transaction ends, so nobody takes the lease meanwhile.
   */
  boolean endCallLease(long payId, Instant until) {
    return jdbc.sql(END_CALL_LEASE)
            .param("payId", payId)
            .param("until", SqlTime.toColumn(until))
            .update()
        == 1;
  }

  /**
   * Takes the right to query the channel about a payment now, pushing the next query to {@code
   * next}: a rate limit shared by every instance, so a page polling /pay/query on ten browsers
   * still costs one channel query per interval.
   */
  public boolean claimQuery(long payId, Instant now, Instant next) {
    return jdbc.sql(CLAIM_QUERY)
            .param("payId", payId)
            .param("now", SqlTime.toColumn(now))
            .param("next", SqlTime.toColumn(next))
            .update()
        == 1;
  }

  /** Keeps the janitor querying a payment until {@code until} (or stops it, with null). */
  void watchUntil(long payId, Instant until, Instant now) {
    if (until == null) {
      jdbc.sql(UNWATCH).param("payId", payId).param("now", SqlTime.toColumn(now)).update();
      return;
    }
    jdbc.sql(WATCH)
        .param("payId", payId)
        .param("until", SqlTime.toColumn(until))
        .param("now", SqlTime.toColumn(now))
        .update();
  }

  /**
   * The janitor's right to ask the channel about a payment due now, its next check moved to {@code
   * next} and anyone's next query to {@code queryAgainAt}: one janitor wins a round, whichever
   * instance it runs on.
   */
  boolean claimCheck(long payId, Instant now, Instant next, Instant queryAgainAt) {
    return jdbc.sql(CLAIM_CHECK)
            .param("payId", payId)
            .param("now", SqlTime.toColumn(now))
            .param("next", SqlTime.toColumn(next))
            .param("queryAgainAt", SqlTime.toColumn(queryAgainAt))
            .update()
        == 1;
  }

  /** How many payments are due for the janitor now, and since when the longest-due one is. */
  Backlog backlog(Instant olderThan, Instant now) {
    return jdbc.sql(SELECT_BACKLOG)
        .param("activeSlot", ACTIVE_SLOT)
        .param("olderThan", SqlTime.toColumn(olderThan))
        .param("now", SqlTime.toColumn(now))
        .query((rs, row) -> new Backlog(rs.getLong("due"), SqlTime.fromColumn(rs, "oldest")))
        .single();
  }

  /**
   * The janitor's due payments: how many, and the moment the longest-due one fell due (or null).
   */
  record Backlog(long due, Instant oldestDueAt) {}

  /** Payments the janitor should ask the channel about now, due longest first. */
  List<Payment> findDue(Instant olderThan, Instant now, int limit) {
    return jdbc.sql(SELECT_DUE)
        .param("activeSlot", ACTIVE_SLOT)
        .param("olderThan", SqlTime.toColumn(olderThan))
        .param("now", SqlTime.toColumn(now))
        .param("limit", limit)
        .query(PaymentRepository::payment)
        .list();
  }

  /**
   * In-flight payments not yet alarmed that have not moved since {@code movedBefore}, or are
   * payment-code payments whose code expired before {@code expiredBefore}.
   */
  List<Payment> findStuck(Instant movedBefore, Instant expiredBefore, int limit) {
    return jdbc.sql(SELECT_STUCK)
        .param("activeSlot", ACTIVE_SLOT)
        .param("movedBefore", SqlTime.toColumn(movedBefore))
        .param("expiredBefore", SqlTime.toColumn(expiredBefore))
        .param("limit", limit)
        .query(PaymentRepository::payment)
        .list();
  }

  /** Whether this caller is the one to alarm the payment as stuck (the row count decides). */
  boolean claimStuckAlarm(long payId, Instant now) {
    return jdbc.sql(CLAIM_STUCK_ALARM)
            .param("payId", payId)
            .param("now", SqlTime.toColumn(now))
            .param("activeSlot", ACTIVE_SLOT)
            .update()
        == 1;
  }

  /**
   * Reserves {@code amount} of a successful payment for a refund: true only if the reservations,
   * this one included, stay within the amount paid. The row count decides, so concurrent refunds
   * can never exceed it.
   */
  public boolean reserveRefund(long payId, long amount) {
    return jdbc.sql(RESERVE_REFUND).param("payId", payId).param("amount", amount).update() == 1;
  }

  /** Gives back the reservation of a refund that definitely failed. */
  public void releaseRefund(long payId, long amount) {
    jdbc.sql(RELEASE_REFUND).param("payId", payId).param("amount", amount).update();
  }

  /** The order a payment belongs to, read without a lock (it never changes). */
  Optional<Long> orderIdOf(long payId) {
    return jdbc.sql(SELECT_ORDER_ID).param("payId", payId).query(Long.class).optional();
  }

  Optional<PaymentStatus> lockStatus(long payId) {
    return jdbc.sql(SELECT_STATUS_FOR_UPDATE)
        .param("payId", payId)
        .query(String.class)
        .optional()
        .map(PaymentStatus::valueOf);
  }

  private static Payment payment(ResultSet rs, int row) throws SQLException {
    return new Payment(
        rs.getLong("pay_id"),
        rs.getLong("order_id"),
        Channel.valueOf(rs.getString("channel")),
        PaymentKind.valueOf(rs.getString("kind")),
        rs.getString("out_trade_no"),
        Money.ofMinor(rs.getLong("amount_minor"), rs.getString("currency")),
        PaymentStatus.valueOf(rs.getString("status")),
        rs.getString("trade_no"),
        rs.getString("qr_code"),
        rs.getString("request_id"),
        SqlTime.fromColumn(rs, "expire_time"),
        SqlTime.fromColumn(rs, "watch_until"),
        SqlTime.fromColumn(rs, "created_at"),
        SqlTime.fromColumn(rs, "updated_at"),
        rs.getLong("version"),
        ChannelConfigKey.orBootstrap(rs.getString("channel_config")),
        rs.getString("handoff"),
        rs.getString("buyer"));
  }
}
