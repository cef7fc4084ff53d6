package io.payonce.bench;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * B1: the statements and transactions the server issues for each scan-to-pay operation, in the same
 * order, over raw JDBC — no HTTP, no Spring, no channel call, no signature check. The SQL is copied
 * from OrderRepository, OrderTransitions, PaymentOpener, PaymentRepository, PaymentTransitions,
 * Journal, OutboxWriter, AppliedFacts, ChannelResultApplier, NotifyReceipts and ChannelCallJournal;
 * keep it in step with them. Transactions toggle auto-commit the way Spring's
 * DataSourceTransactionManager does. Audit rows go to a {@link RawAuditTrail}, as the server's go
 * to its AuditTrail.
 */
final class RawScanToPay {

  /** A payment as B1 knows it. */
  record RawPayment(long payId, long orderId, String outTradeNo, String tradeNo) {}

  private static final String INSERT_ORDER =
      """
      INSERT INTO orders (app_id, order_no, user_id, amount_minor, currency, title, status,
                          notify_url, created_at, updated_at, version)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
      """;

  private static final String ORDER_COLUMNS =
      """
      SELECT id, app_id, order_no, user_id, amount_minor, currency, title, status, paid_by,
             created_at, updated_at, version
      FROM orders
      """;

  private static final String ORDER_PREFIXED_COLUMNS =
      """
      o.id AS o_id, o.app_id AS o_app_id, o.order_no AS o_order_no, o.user_id AS o_user_id,
      o.amount_minor AS o_amount_minor, o.currency AS o_currency, o.title AS o_title,
      o.status AS o_status, o.paid_by AS o_paid_by, o.created_at AS o_created_at,
      o.updated_at AS o_updated_at, o.version AS o_version
      """;

  private static final String SELECT_ORDER_WITH_IN_FLIGHT =
      "SELECT "
          + ORDER_PREFIXED_COLUMNS
          + """
          , p.*
          FROM orders o
          LEFT JOIN payment p ON p.order_id = o.id AND p.active_slot = ?
          WHERE o.app_id = ?
            AND o.order_no = ?
          """;

  private static final String SELECT_ORDER_BY_ID = ORDER_COLUMNS + "WHERE id = ?";

  private static final String LOCK_ORDER_IF_PAYABLE =
      """
      UPDATE orders
      SET version = version + 1,
          updated_at = ?
      WHERE id = ?
        AND status IN (?, ?)
      """;

  // The IN list holds one placeholder per status the transition table allows: see inList.
  private static final String ORDER_TRANSITION =
      """
      UPDATE orders
      SET previous_status = status,
          status = ?,
          paid_by = COALESCE(?, paid_by),
          updated_at = ?,
          version = version + 1
      WHERE id = ?
        AND status IN (%s)
      """;

  private static final String SELECT_ORDER_STATUS_FOR_UPDATE =
      """
      SELECT status
      FROM orders
      WHERE id = ?
      FOR UPDATE
      """;

  private static final String SELECT_ORDER_FOR_UPDATE = SELECT_ORDER_BY_ID + "\nFOR UPDATE";

  private static final String ORDER_TRANSITION_RETURNING = ORDER_TRANSITION + "RETURNING *";

  private static final String SELECT_ORDER_TRANSITIONED = "SELECT * FROM orders WHERE id = ?";

  private static final String INSERT_PAYMENT =
      """
      INSERT INTO payment (order_id, channel, kind, out_trade_no, amount_minor, currency, status,
                           active_slot, request_id, expire_time, call_lease_until,
                           channel_config, buyer, next_check_at, created_at, updated_at, version)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
      """;

  private static final String PAYMENT_COLUMNS =
      """
      SELECT pay_id, order_id, channel, kind, out_trade_no, amount_minor, currency, status,
             trade_no, qr_code, request_id, expire_time, watch_until, created_at, updated_at,
             version, channel_config, handoff, buyer
      FROM payment
      """;

  private static final String SELECT_PAYMENT_BY_ID = PAYMENT_COLUMNS + "WHERE pay_id = ?";

  private static final String SELECT_PAYMENT_BY_OUT_TRADE_NO =
      PAYMENT_COLUMNS + "WHERE out_trade_no = ?";

  private static final String PAYMENT_TRANSITION =
      """
      UPDATE payment
      SET previous_status = status,
          next_check_at = CASE
                            WHEN ? IS NOT NULL
                                 OR (watch_until IS NOT NULL AND ? <> 'SUCCESS')
                              THEN COALESCE(next_check_at, ?)
                            ELSE NULL
                          END,
          status = ?,
          active_slot = ?,
          trade_no = COALESCE(?, trade_no),
          qr_code = COALESCE(?, qr_code),
          handoff = COALESCE(?, handoff),
          expire_time = COALESCE(?, expire_time),
          watch_until = CASE WHEN ? = 'SUCCESS' THEN NULL ELSE watch_until END,
          updated_at = ?,
          version = version + 1
      WHERE pay_id = ?
        AND status IN (%s)
      """;

  private static final String PAYMENT_TRANSITIONED_OF_ROW =
      """
      SELECT p.*, o.order_no AS order_no_of_payment
      FROM payment p
      JOIN orders o ON o.id = p.order_id
      WHERE p.pay_id = ?
      """;

  private static final String PAYMENT_TRANSITION_RETURNING =
      "WITH changed AS ("
          + PAYMENT_TRANSITION
          + """
          RETURNING *)
          SELECT c.*, o.order_no AS order_no_of_payment
          FROM changed c
          JOIN orders o ON o.id = c.order_id
          """;

  private static final String SELECT_PAYMENT_WITH_FACT =
      """
      SELECT p.*, d.out_trade_no AS fact_applied_to
      FROM payment p
      LEFT JOIN notify_dedup d ON d.channel = ? AND d.event_key = ?
      WHERE p.out_trade_no = ?
      """;

  private static final String INSERT_JOURNAL =
      """
      INSERT INTO journal (aggregate, aggregate_id, from_status, to_status, source, detail,
                           occurred_at)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """;

  private static final String INSERT_OUTBOX =
      """
      INSERT INTO outbox (aggregate, aggregate_id, event_type, payload, created_at, attempts,
                          event_id, order_no, out_trade_no)
      VALUES (?, ?, ?, ?, ?, 0,
              ?, ?, ?)
      """;

  private static final String INSERT_CHANNEL_CALL =
      """
      INSERT INTO channel_call (channel, method, out_trade_no, outcome, detail, started_at, took_ms)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      """;

  private static final String INSERT_NOTIFY_DEDUP =
      """
      INSERT INTO notify_dedup (channel, event_key, out_trade_no, payload_hash, received_at)
      VALUES (?, ?, ?, ?, ?)
      """;

  private static final String INSERT_NOTIFY_RECEIPT =
      """
      INSERT INTO notify_receipt (channel, out_trade_no, notify_id, event_key, trade_status,
                                  total_amount, outcome, reply, detail, payload_hash, received_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
      """;

  private static final String CHANNEL = "ALIPAY";
  private static final long AMOUNT_MINOR = 1234;
  private static final String PAYLOAD_HASH = "0".repeat(64);
  private static final String QR_PREFIX = "https://qr.alipay.com/bench";

  private final RawAuditTrail audit;
  private final boolean returning;

  /**
   * @param returning whether the database answers UPDATE … RETURNING (PostgreSQL), as the server's
   *     UpdateReturning tells: else the changed row is read back in the transaction
   */
  RawScanToPay(RawAuditTrail audit, boolean returning) {
    this.audit = audit;
    this.returning = returning;
  }

  /** Set-up, not timed: CREATED orders as POST /api/orders would leave them. */
  static void insertOrders(Connection c, List<String> orderNos) throws SQLException {
    c.setAutoCommit(false);
    try (PreparedStatement insert = c.prepareStatement(INSERT_ORDER)) {
      LocalDateTime now = now();
      for (String orderNo : orderNos) {
        insert.setString(1, ServiceClient.APP_ID);
        insert.setString(2, orderNo);
        insert.setString(3, "bench-user");
        insert.setLong(4, AMOUNT_MINOR);
        insert.setString(5, "CNY");
        insert.setString(6, "Bench");
        insert.setString(7, "CREATED");
        insert.setNull(8, java.sql.Types.VARCHAR);
        insert.setObject(9, now);
        insert.setObject(10, now);
        insert.addBatch();
      }
      insert.executeBatch();
      c.commit();
    } finally {
      c.setAutoCommit(true);
    }
  }

  /**
   * A precreate of a new order: QrPrecreation reads the order with its payment in flight (none),
   * PaymentOpener's transaction opens the payment, the channel call joins the audit batch,
   * PaymentTransitions' transaction stores the QR code.
   */
  RawPayment precreate(Connection c, String orderNo, Round.RawIds ids) throws SQLException {
    OrderAndInFlight read = orderWithInFlight(c, orderNo);
    if (read.inFlightStatus() != null) {
      throw new IllegalStateException("a payment in flight already for " + orderNo);
    }
    long orderId = read.orderId();
    String outTradeNo = ids.outTradeNo();
    long payId =
        inTransaction(
            c,
            () -> {
              LocalDateTime now = now();
              lockOrderIfPayable(c, orderId, now);
              if ("CREATED".equals(orderStatus(c, orderId))) {
                String previous = orderTransitionReturning(c, orderId, "PAYING", "CREATED");
                journal(c, "ORDER", orderId, previous, "PAYING", "API", "payment opened");
              }
              long id = insertPayment(c, orderId, outTradeNo, now);
              journal(c, "PAYMENT", id, null, "INIT", "API", "opened on ALIPAY");
              selectById(c, SELECT_PAYMENT_BY_ID, id);
              return id;
            });
    audit.submit(trail -> channelCall(trail, outTradeNo));
    inTransaction(
        c,
        () -> {
          String previous =
              paymentTransitionReturning(
                  c, payId, "PRECREATED", 1, null, QR_PREFIX + payId, "INIT");
          journal(c, "PAYMENT", payId, previous, "PRECREATED", "API", "qr issued");
          return null;
        });
    return new RawPayment(payId, orderId, outTradeNo, ids.tradeNo());
  }

  /**
   * A repeat precreate of an order whose payment is PRECREATED: QrPrecreation's one read of the
   * order and its payment in flight (no transaction), which is answered as it stands.
   */
  static void duplicatePrecreate(Connection c, String orderNo) throws SQLException {
    if (!"PRECREATED".equals(orderWithInFlight(c, orderNo).inFlightStatus())) {
      throw new IllegalStateException("no payment in flight for " + orderNo);
    }
  }

  /**
   * A first TRADE_SUCCESS notify: the payment is read with its dedup row, then one transaction
   * inserts the dedup row, locks the order (the whole row), moves the payment returning its row,
   * moves the order, and inserts the journal's and the outbox's two rows in one statement each; the
   * receipt joins the audit batch.
   */
  void notifyFirst(Connection c, RawPayment p) throws SQLException {
    if (factApplied(c, p)) {
      throw new IllegalStateException("notify applied before for " + p.outTradeNo());
    }
    inTransaction(
        c,
        () -> {
          dedup(c, p, now());
          // The order row before the payment's, as the service locks them.
          selectById(c, SELECT_ORDER_FOR_UPDATE, p.orderId());
          String previous =
              paymentTransitionReturning(
                  c,
                  p.payId(),
                  "SUCCESS",
                  null,
                  p.tradeNo(),
                  null,
                  "INIT",
                  "PRECREATED",
                  "PAYING",
                  "FAIL",
                  "CLOSED");
          orderTransition(c, p.orderId(), "PAID", p.payId(), "PAYING", "CLOSED");
          journal(
              c,
              new JournalRow(
                  "PAYMENT", p.payId(), previous, "SUCCESS", "paid trade_no=" + p.tradeNo()),
              new JournalRow("ORDER", p.orderId(), "PAYING", "PAID", "paid by " + p.outTradeNo()));
          outbox(
              c,
              new OutboxRow("PAYMENT", p.payId(), "PaymentSucceeded", paymentPayload(p, previous)),
              new OutboxRow("ORDER", p.orderId(), "OrderPaid", orderPayload(p)));
          return null;
        });
    receipt(p, "APPLIED", "success", "payment SUCCESS");
  }

  /**
   * A repeat of a notify already applied: the payment's read finds the dedup row (no transaction);
   * the receipt joins the audit batch.
   */
  void notifyDuplicate(Connection c, RawPayment p) throws SQLException {
    if (!factApplied(c, p)) {
      throw new IllegalStateException("duplicate notify found no dedup row for " + p.outTradeNo());
    }
    receipt(p, "DUPLICATE", "success", "payment SUCCESS");
  }

  private static boolean factApplied(Connection c, RawPayment p) throws SQLException {
    try (PreparedStatement select = c.prepareStatement(SELECT_PAYMENT_WITH_FACT)) {
      select.setString(1, CHANNEL);
      select.setString(2, eventKey(p));
      select.setString(3, p.outTradeNo());
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalStateException("no payment " + p.outTradeNo());
        }
        return rs.getString("fact_applied_to") != null;
      }
    }
  }

  /** Statements that need the connection, in the order they run. */
  @FunctionalInterface
  private interface Work<T> {
    T run() throws SQLException;
  }

  @FunctionalInterface
  private interface Steps {
    void run() throws SQLException;
  }

  /** One transaction, as Spring runs it: auto-commit off, commit or roll back, auto-commit on. */
  private static <T> T inTransaction(Connection c, Work<T> work) throws SQLException {
    c.setAutoCommit(false);
    try {
      T result = work.run();
      c.commit();
      return result;
    } catch (SQLException | RuntimeException e) {
      c.rollback();
      throw e;
    } finally {
      c.setAutoCommit(true);
    }
  }

  /** A transaction whose last insert must hit a unique key, and which is then rolled back. */
  private static void rolledBackOnDuplicate(Connection c, Steps steps, String ifNot)
      throws SQLException {
    c.setAutoCommit(false);
    try {
      steps.run();
    } catch (SQLException e) {
      c.rollback();
      c.setAutoCommit(true);
      if (isDuplicateKey(e)) {
        return;
      }
      throw e;
    }
    c.rollback();
    c.setAutoCommit(true);
    throw new IllegalStateException(ifNot);
  }

  /** The order's id and its in-flight payment's status (null: none), from QrPrecreation's read. */
  private record OrderAndInFlight(long orderId, String inFlightStatus) {}

  private static OrderAndInFlight orderWithInFlight(Connection c, String orderNo)
      throws SQLException {
    try (PreparedStatement select = c.prepareStatement(SELECT_ORDER_WITH_IN_FLIGHT)) {
      select.setInt(1, 1);
      select.setString(2, ServiceClient.APP_ID);
      select.setString(3, orderNo);
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalStateException("no order " + orderNo);
        }
        return new OrderAndInFlight(rs.getLong("o_id"), rs.getString("status"));
      }
    }
  }

  private static void lockOrderIfPayable(Connection c, long orderId, LocalDateTime now)
      throws SQLException {
    try (PreparedStatement lock = c.prepareStatement(LOCK_ORDER_IF_PAYABLE)) {
      lock.setObject(1, now);
      lock.setLong(2, orderId);
      lock.setString(3, "CREATED");
      lock.setString(4, "PAYING");
      requireOne(lock.executeUpdate(), "order lock");
    }
  }

  private static String orderStatus(Connection c, long orderId) throws SQLException {
    try (PreparedStatement select = c.prepareStatement(SELECT_ORDER_BY_ID)) {
      select.setLong(1, orderId);
      try (ResultSet rs = select.executeQuery()) {
        rs.next();
        return rs.getString("status");
      }
    }
  }

  private static long insertPayment(
      Connection c, long orderId, String outTradeNo, LocalDateTime now) throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(INSERT_PAYMENT, new String[] {"pay_id"})) {
      insert.setLong(1, orderId);
      insert.setString(2, CHANNEL);
      insert.setString(3, "QR");
      insert.setString(4, outTradeNo);
      insert.setLong(5, AMOUNT_MINOR);
      insert.setString(6, "CNY");
      insert.setString(7, "INIT");
      insert.setInt(8, 1);
      insert.setNull(9, Types.VARCHAR);
      insert.setObject(10, now.plusMinutes(15), Types.TIMESTAMP);
      insert.setObject(11, now.plusSeconds(20), Types.TIMESTAMP);
      insert.setString(12, "bootstrap");
      insert.setNull(13, Types.VARCHAR);
      // The janitor's first check, as PaymentOpener sets it: the default older-than (60 s).
      insert.setObject(14, now.plusSeconds(60), Types.TIMESTAMP);
      insert.setObject(15, now);
      insert.setObject(16, now);
      insert.executeUpdate();
      try (ResultSet keys = insert.getGeneratedKeys()) {
        keys.next();
        return keys.getLong(1);
      }
    }
  }

  private static void paymentTransition(
      Connection c,
      long payId,
      String to,
      Integer activeSlot,
      String tradeNo,
      String qrCode,
      String... from)
      throws SQLException {
    try (PreparedStatement move = c.prepareStatement(PAYMENT_TRANSITION.formatted(inList(from)))) {
      paymentTransitionParams(move, payId, to, activeSlot, tradeNo, qrCode, from);
      requireOne(move.executeUpdate(), "payment to " + to);
    }
  }

  private static void paymentTransitionParams(
      PreparedStatement move,
      long payId,
      String to,
      Integer activeSlot,
      String tradeNo,
      String qrCode,
      String... from)
      throws SQLException {
    LocalDateTime now = now();
    if (activeSlot == null) {
      move.setNull(1, Types.SMALLINT);
    } else {
      move.setInt(1, activeSlot);
    }
    move.setString(2, to);
    move.setObject(3, now);
    move.setString(4, to);
    if (activeSlot == null) {
      move.setNull(5, Types.SMALLINT);
    } else {
      move.setInt(5, activeSlot);
    }
    setText(move, 6, tradeNo);
    setText(move, 7, qrCode);
    move.setNull(8, Types.VARCHAR);
    move.setNull(9, Types.TIMESTAMP);
    move.setString(10, to);
    move.setObject(11, now);
    move.setLong(12, payId);
    for (int i = 0; i < from.length; i++) {
      move.setString(13 + i, from[i]);
    }
  }

  private static void orderTransition(
      Connection c, long orderId, String to, Long paidBy, String... from) throws SQLException {
    try (PreparedStatement move = c.prepareStatement(ORDER_TRANSITION.formatted(inList(from)))) {
      orderTransitionParams(move, orderId, to, paidBy, from);
      requireOne(move.executeUpdate(), "order to " + to);
    }
  }

  private static void orderTransitionParams(
      PreparedStatement move, long orderId, String to, Long paidBy, String... from)
      throws SQLException {
    move.setString(1, to);
    if (paidBy == null) {
      move.setNull(2, Types.BIGINT);
    } else {
      move.setLong(2, paidBy);
    }
    move.setObject(3, now());
    move.setLong(4, orderId);
    for (int i = 0; i < from.length; i++) {
      move.setString(5 + i, from[i]);
    }
  }

  /** The payment's transition as PaymentTransitions runs it; answers the status it left. */
  private String paymentTransitionReturning(
      Connection c,
      long payId,
      String to,
      Integer activeSlot,
      String tradeNo,
      String qrCode,
      String... from)
      throws SQLException {
    if (!returning) {
      paymentTransition(c, payId, to, activeSlot, tradeNo, qrCode, from);
      return previousOf(c, PAYMENT_TRANSITIONED_OF_ROW, payId);
    }
    try (PreparedStatement move =
        c.prepareStatement(PAYMENT_TRANSITION_RETURNING.formatted(inList(from)))) {
      paymentTransitionParams(move, payId, to, activeSlot, tradeNo, qrCode, from);
      return previousOf(move, "payment to " + to);
    }
  }

  /** The order's transition as OrderTransitions runs it; answers the status it left. */
  private String orderTransitionReturning(Connection c, long orderId, String to, String... from)
      throws SQLException {
    if (!returning) {
      orderTransition(c, orderId, to, null, from);
      return previousOf(c, SELECT_ORDER_TRANSITIONED, orderId);
    }
    try (PreparedStatement move =
        c.prepareStatement(ORDER_TRANSITION_RETURNING.formatted(inList(from)))) {
      orderTransitionParams(move, orderId, to, null, from);
      return previousOf(move, "order to " + to);
    }
  }

  private static String previousOf(Connection c, String sql, long id) throws SQLException {
    try (PreparedStatement select = c.prepareStatement(sql)) {
      select.setLong(1, id);
      return previousOf(select, "read back of " + id);
    }
  }

  private static String previousOf(PreparedStatement statement, String what) throws SQLException {
    try (ResultSet rs = statement.executeQuery()) {
      if (!rs.next()) {
        throw new IllegalStateException(what + " changed no row");
      }
      return rs.getString("previous_status");
    }
  }

  /** What JdbcClient expands {@code IN (:from)} to: one placeholder per value. */
  private static String inList(String... values) {
    return String.join(", ", java.util.Collections.nCopies(values.length, "?"));
  }

  private static void journal(
      Connection c, String aggregate, long id, String from, String to, String source, String detail)
      throws SQLException {
    journal(c, new JournalRow(aggregate, id, from, to, detail, source));
  }

  /** One journal row; the notify's are the NOTIFY source's. */
  private record JournalRow(
      String aggregate, long id, String from, String to, String detail, String source) {
    JournalRow(String aggregate, long id, String from, String to, String detail) {
      this(aggregate, id, from, to, detail, "NOTIFY");
    }
  }

  /** Journal rows in one INSERT, as Journal writes the rows of one batch. */
  private static void journal(Connection c, JournalRow... rows) throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(valuesTimes(INSERT_JOURNAL, rows.length))) {
      int at = 0;
      for (JournalRow row : rows) {
        insert.setString(++at, row.aggregate());
        insert.setLong(++at, row.id());
        setText(insert, ++at, row.from());
        insert.setString(++at, row.to());
        insert.setString(++at, row.source());
        insert.setString(++at, row.detail());
        insert.setObject(++at, now());
      }
      insert.executeUpdate();
    }
  }

  /** One outbox row. */
  private record OutboxRow(String aggregate, long id, String type, String payload) {}

  /** Outbox rows in one INSERT, as OutboxWriter writes the rows of one batch. */
  private static void outbox(Connection c, OutboxRow... rows) throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(valuesTimes(INSERT_OUTBOX, rows.length))) {
      int at = 0;
      for (OutboxRow row : rows) {
        insert.setString(++at, row.aggregate());
        insert.setLong(++at, row.id());
        insert.setString(++at, row.type());
        insert.setString(++at, row.payload());
        insert.setObject(++at, now());
        insert.setString(++at, java.util.UUID.randomUUID().toString());
        insert.setNull(++at, Types.VARCHAR);
        insert.setNull(++at, Types.VARCHAR);
      }
      insert.executeUpdate();
    }
  }

  /** An INSERT … VALUES (…) statement with its VALUES tuple repeated {@code n} times. */
  static String valuesTimes(String insert, int n) {
    int values = insert.indexOf("VALUES");
    String tuple = insert.substring(values + "VALUES".length()).strip();
    return insert.substring(0, values)
        + "VALUES "
        + String.join(", ", java.util.Collections.nCopies(n, tuple));
  }

  private static void channelCall(Connection c, String outTradeNo) throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(INSERT_CHANNEL_CALL)) {
      insert.setString(1, CHANNEL);
      insert.setString(2, "alipay.trade.precreate");
      insert.setString(3, outTradeNo);
      insert.setString(4, "DONE");
      insert.setString(5, "10000 Success");
      insert.setObject(6, now());
      insert.setLong(7, 3);
      insert.executeUpdate();
    }
  }

  private static void dedup(Connection c, RawPayment p, LocalDateTime now) throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(INSERT_NOTIFY_DEDUP)) {
      insert.setString(1, CHANNEL);
      insert.setString(2, eventKey(p));
      insert.setString(3, p.outTradeNo());
      insert.setString(4, PAYLOAD_HASH);
      insert.setObject(5, now);
      insert.executeUpdate();
    }
  }

  private void receipt(RawPayment p, String outcome, String reply, String detail) {
    audit.submit(
        trail -> {
          try (PreparedStatement insert = trail.prepareStatement(INSERT_NOTIFY_RECEIPT)) {
            insert.setString(1, CHANNEL);
            insert.setString(2, p.outTradeNo());
            insert.setString(3, "bench" + p.payId());
            insert.setString(4, eventKey(p));
            insert.setString(5, "TRADE_SUCCESS");
            insert.setString(6, ServiceClient.AMOUNT);
            insert.setString(7, outcome);
            insert.setString(8, reply);
            insert.setString(9, detail);
            insert.setString(10, PAYLOAD_HASH);
            insert.setObject(11, now());
            insert.executeUpdate();
          }
        });
  }

  private static void selectById(Connection c, String sql, long id) throws SQLException {
    try (PreparedStatement select = c.prepareStatement(sql)) {
      select.setLong(1, id);
      drain(select);
    }
  }

  private static void selectByText(Connection c, String sql, String value) throws SQLException {
    try (PreparedStatement select = c.prepareStatement(sql)) {
      select.setString(1, value);
      drain(select);
    }
  }

  private static String single(Connection c, String sql, long id) throws SQLException {
    try (PreparedStatement select = c.prepareStatement(sql)) {
      select.setLong(1, id);
      try (ResultSet rs = select.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  private static void drain(PreparedStatement select) throws SQLException {
    try (ResultSet rs = select.executeQuery()) {
      if (!rs.next()) {
        throw new IllegalStateException("row not found");
      }
    }
  }

  private static void setText(PreparedStatement s, int index, String value) throws SQLException {
    if (value == null) {
      s.setNull(index, Types.VARCHAR);
    } else {
      s.setString(index, value);
    }
  }

  private static void requireOne(int rows, String what) {
    if (rows != 1) {
      throw new IllegalStateException(what + " changed " + rows + " rows");
    }
  }

  /** PostgreSQL 23505, MariaDB 23000 with error 1062. */
  static boolean isDuplicateKey(SQLException e) {
    return "23505".equals(e.getSQLState()) || e.getErrorCode() == 1062;
  }

  /** The fact a TRADE_SUCCESS notify states, as the Alipay adapter keys it. */
  private static String eventKey(RawPayment p) {
    return p.tradeNo() + ":TRADE_SUCCESS";
  }

  private static LocalDateTime now() {
    return LocalDateTime.ofInstant(Instant.now().truncatedTo(ChronoUnit.MICROS), ZoneOffset.UTC);
  }

  private static String paymentPayload(RawPayment p, String previous) {
    return """
        {"payId":%d,"orderId":%d,"channel":"ALIPAY","outTradeNo":"%s","tradeNo":"%s",\
        "amount":"12.34","currency":"CNY","from":"%s","status":"SUCCESS","source":"NOTIFY"}"""
        .formatted(p.payId(), p.orderId(), p.outTradeNo(), p.tradeNo(), previous);
  }

  private static String orderPayload(RawPayment p) {
    return """
        {"orderId":%d,"orderNo":"bench","userId":"bench-user","amount":"12.34","currency":"CNY",\
        "status":"PAID"}"""
        .formatted(p.orderId());
  }
}
