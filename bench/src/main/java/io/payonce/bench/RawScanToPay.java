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
                          created_at, updated_at, version)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
      """;

  private static final String ORDER_COLUMNS =
      """
      SELECT id, app_id, order_no, user_id, amount_minor, currency, title, status, paid_by,
             created_at, updated_at, version
      FROM orders
      """;

  private static final String SELECT_ORDER_BY_NO =
      ORDER_COLUMNS + "WHERE app_id = ? AND order_no = ?";

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

  private static final String SELECT_ORDER_PREVIOUS_STATUS =
      """
      SELECT previous_status
      FROM orders
      WHERE id = ?
      """;

  private static final String INSERT_PAYMENT =
      """
      INSERT INTO payment (order_id, channel, kind, out_trade_no, amount_minor, currency, status,
                           active_slot, request_id, expire_time, call_lease_until,
                           channel_config, created_at, updated_at, version)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0)
      """;

  private static final String PAYMENT_COLUMNS =
      """
      SELECT pay_id, order_id, channel, kind, out_trade_no, amount_minor, currency, status,
             trade_no, qr_code, request_id, expire_time, watch_until, created_at, updated_at,
             version, channel_config
      FROM payment
      """;

  private static final String SELECT_PAYMENT_BY_ID = PAYMENT_COLUMNS + "WHERE pay_id = ?";

  private static final String SELECT_PAYMENT_BY_OUT_TRADE_NO =
      PAYMENT_COLUMNS + "WHERE out_trade_no = ?";

  private static final String SELECT_PAYMENT_IN_FLIGHT =
      PAYMENT_COLUMNS
          + """
          WHERE order_id = ?
            AND active_slot = ?
          """;

  private static final String PAYMENT_TRANSITION =
      """
      UPDATE payment
      SET previous_status = status,
          status = ?,
          active_slot = ?,
          trade_no = COALESCE(?, trade_no),
          qr_code = COALESCE(?, qr_code),
          expire_time = COALESCE(?, expire_time),
          watch_until = CASE WHEN ? = 'SUCCESS' THEN NULL ELSE watch_until END,
          updated_at = ?,
          version = version + 1
      WHERE pay_id = ?
        AND status IN (%s)
      """;

  private static final String SELECT_PAYMENT_PREVIOUS_STATUS =
      """
      SELECT previous_status
      FROM payment
      WHERE pay_id = ?
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

  RawScanToPay(RawAuditTrail audit) {
    this.audit = audit;
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
        insert.setObject(8, now);
        insert.setObject(9, now);
        insert.addBatch();
      }
      insert.executeBatch();
      c.commit();
    } finally {
      c.setAutoCommit(true);
    }
  }

  /**
   * A precreate of a new order: QrPrecreation reads the order and looks for a payment in flight,
   * PaymentOpener's transaction opens the payment, the channel call joins the audit batch,
   * PaymentTransitions' transaction stores the QR code.
   */
  RawPayment precreate(Connection c, String orderNo, Round.RawIds ids) throws SQLException {
    long orderId = orderIdByNo(c, orderNo);
    inFlight(c, orderId, false);
    String outTradeNo = ids.outTradeNo();
    long payId =
        inTransaction(
            c,
            () -> {
              LocalDateTime now = now();
              lockOrderIfPayable(c, orderId, now);
              if ("CREATED".equals(orderStatus(c, orderId))) {
                orderTransition(c, orderId, "PAYING", null, "CREATED");
                String previous = single(c, SELECT_ORDER_PREVIOUS_STATUS, orderId);
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
          paymentTransition(c, payId, "PRECREATED", 1, null, QR_PREFIX + payId, "INIT");
          String previous = single(c, SELECT_PAYMENT_PREVIOUS_STATUS, payId);
          journal(c, "PAYMENT", payId, previous, "PRECREATED", "API", "qr issued");
          return null;
        });
    return new RawPayment(payId, orderId, outTradeNo, ids.tradeNo());
  }

  /**
   * A repeat precreate of an order whose payment is PRECREATED: QrPrecreation reads the order and
   * finds the payment in flight with a plain read, which is answered as it stands.
   */
  static void duplicatePrecreate(Connection c, String orderNo) throws SQLException {
    long orderId = orderIdByNo(c, orderNo);
    if (!inFlight(c, orderId, true)) {
      throw new IllegalStateException("no payment in flight for " + orderNo);
    }
  }

  private static boolean inFlight(Connection c, long orderId, boolean precreated)
      throws SQLException {
    try (PreparedStatement inFlight = c.prepareStatement(SELECT_PAYMENT_IN_FLIGHT)) {
      inFlight.setLong(1, orderId);
      inFlight.setInt(2, 1);
      try (ResultSet rs = inFlight.executeQuery()) {
        return rs.next() && (!precreated || "PRECREATED".equals(rs.getString("status")));
      }
    }
  }

  /**
   * A first TRADE_SUCCESS notify: the payment is read, then one transaction inserts the dedup row
   * and moves payment and order with their journal and outbox rows; the receipt joins the audit
   * batch.
   */
  void notifyFirst(Connection c, RawPayment p) throws SQLException {
    selectByText(c, SELECT_PAYMENT_BY_OUT_TRADE_NO, p.outTradeNo());
    inTransaction(
        c,
        () -> {
          dedup(c, p, now());
          // The order row before the payment's, as the service locks them.
          single(c, SELECT_ORDER_STATUS_FOR_UPDATE, p.orderId());
          paymentTransition(
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
          String previous = single(c, SELECT_PAYMENT_PREVIOUS_STATUS, p.payId());
          journal(
              c,
              "PAYMENT",
              p.payId(),
              previous,
              "SUCCESS",
              "NOTIFY",
              "paid trade_no=" + p.tradeNo());
          selectById(c, SELECT_PAYMENT_BY_ID, p.payId());
          outbox(c, "PAYMENT", p.payId(), "PaymentSucceeded", paymentPayload(p, previous));
          single(c, SELECT_PAYMENT_PREVIOUS_STATUS, p.payId());
          orderTransition(c, p.orderId(), "PAID", p.payId(), "PAYING", "CLOSED");
          String orderPrevious = single(c, SELECT_ORDER_PREVIOUS_STATUS, p.orderId());
          journal(
              c,
              "ORDER",
              p.orderId(),
              orderPrevious,
              "PAID",
              "NOTIFY",
              "paid by " + p.outTradeNo());
          selectById(c, SELECT_ORDER_BY_ID, p.orderId());
          outbox(c, "ORDER", p.orderId(), "OrderPaid", orderPayload(p));
          return null;
        });
    receipt(p, "APPLIED", "success", "payment SUCCESS");
  }

  /**
   * A repeat of a notify already applied: the dedup insert fails and its transaction rolls back,
   * the payment's status is read for the receipt, which joins the audit batch.
   */
  void notifyDuplicate(Connection c, RawPayment p) throws SQLException {
    selectByText(c, SELECT_PAYMENT_BY_OUT_TRADE_NO, p.outTradeNo());
    rolledBackOnDuplicate(
        c, () -> dedup(c, p, now()), "notify applied twice for " + p.outTradeNo());
    selectById(c, SELECT_PAYMENT_BY_ID, p.payId());
    receipt(p, "DUPLICATE", "success", "payment SUCCESS");
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

  private static long orderIdByNo(Connection c, String orderNo) throws SQLException {
    try (PreparedStatement select = c.prepareStatement(SELECT_ORDER_BY_NO)) {
      select.setString(1, ServiceClient.APP_ID);
      select.setString(2, orderNo);
      try (ResultSet rs = select.executeQuery()) {
        if (!rs.next()) {
          throw new IllegalStateException("no order " + orderNo);
        }
        return rs.getLong("id");
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
      insert.setObject(13, now);
      insert.setObject(14, now);
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
      move.setString(1, to);
      if (activeSlot == null) {
        move.setNull(2, Types.SMALLINT);
      } else {
        move.setInt(2, activeSlot);
      }
      setText(move, 3, tradeNo);
      setText(move, 4, qrCode);
      move.setNull(5, Types.TIMESTAMP);
      move.setString(6, to);
      move.setObject(7, now());
      move.setLong(8, payId);
      for (int i = 0; i < from.length; i++) {
        move.setString(9 + i, from[i]);
      }
      requireOne(move.executeUpdate(), "payment to " + to);
    }
  }

  private static void orderTransition(
      Connection c, long orderId, String to, Long paidBy, String... from) throws SQLException {
    try (PreparedStatement move = c.prepareStatement(ORDER_TRANSITION.formatted(inList(from)))) {
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
      requireOne(move.executeUpdate(), "order to " + to);
    }
  }

  /** What JdbcClient expands {@code IN (:from)} to: one placeholder per value. */
  private static String inList(String... values) {
    return String.join(", ", java.util.Collections.nCopies(values.length, "?"));
  }

  private static void journal(
      Connection c, String aggregate, long id, String from, String to, String source, String detail)
      throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(INSERT_JOURNAL)) {
      insert.setString(1, aggregate);
      insert.setLong(2, id);
      setText(insert, 3, from);
      insert.setString(4, to);
      insert.setString(5, source);
      insert.setString(6, detail);
      insert.setObject(7, now());
      insert.executeUpdate();
    }
  }

  private static void outbox(Connection c, String aggregate, long id, String type, String payload)
      throws SQLException {
    try (PreparedStatement insert = c.prepareStatement(INSERT_OUTBOX)) {
      insert.setString(1, aggregate);
      insert.setLong(2, id);
      insert.setString(3, type);
      insert.setString(4, payload);
      insert.setObject(5, now());
      insert.setString(6, java.util.UUID.randomUUID().toString());
      insert.setNull(7, Types.VARCHAR);
      insert.setNull(8, Types.VARCHAR);
      insert.executeUpdate();
    }
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
      insert.setString(2, p.tradeNo() + ":TRADE_SUCCESS");
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
            insert.setString(4, p.tradeNo() + ":TRADE_SUCCESS");
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
