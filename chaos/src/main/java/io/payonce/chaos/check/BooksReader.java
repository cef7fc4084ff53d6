package io.payonce.chaos.check;

import io.payonce.chaos.check.Books.AcknowledgedNotify;
import io.payonce.chaos.check.Books.OrderRow;
import io.payonce.chaos.check.Books.OutboxRow;
import io.payonce.chaos.check.Books.PaymentRow;
import io.payonce.chaos.check.Books.RefundRow;
import io.payonce.chaos.check.Books.Trade;
import io.payonce.chaos.check.Books.TradeRefund;
import io.payonce.chaos.cluster.Database;
import io.payonce.chaos.cluster.SandboxClient;
import java.math.BigDecimal;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import tools.jackson.databind.JsonNode;

/** Reads the books: our tables with plain JDBC, the channel's ledger over the sandbox's HTTP. */
public final class BooksReader {

  private static final String ORDERS =
      """
      SELECT id, order_no, amount_minor, status
      FROM orders
      """;
  private static final String PAYMENTS =
      """
      SELECT pay_id, order_id, out_trade_no, status, trade_no, amount_minor, expire_time, created_at
      FROM payment
      """;
  private static final String REFUNDS =
      """
      SELECT id, pay_id, order_id, out_request_no, amount_minor, kind, status, created_at
      FROM refund
      """;
  private static final String OUTBOX =
      """
      SELECT id, event_type, order_no, event_id, created_at, published_at
      FROM outbox
      """;

  private static final String SUCCESS_RECORDED =
      """
      SELECT p.out_trade_no, MIN(j.occurred_at)
      FROM journal j JOIN payment p ON j.aggregate_id = p.pay_id
      WHERE j.aggregate = 'PAYMENT' AND j.to_status = 'SUCCESS'
      GROUP BY p.out_trade_no
      """;
  private static final String CLOSE_RECORDED =
      """
      SELECT o.order_no, MIN(j.occurred_at)
      FROM journal j JOIN orders o ON j.aggregate_id = o.id
      WHERE j.aggregate = 'ORDER' AND j.to_status = 'CLOSED'
      GROUP BY o.order_no
      """;

  private final Database db;
  private final SandboxClient sandbox;

  public BooksReader(Database db, SandboxClient sandbox) {
    this.db = db;
    this.sandbox = sandbox;
  }

  public Books read() throws SQLException {
    Instant now = Instant.now();
    List<Trade> trades = new ArrayList<>(trades(sandbox.trades()));
    trades.addAll(wechatTrades(sandbox.wechatOrders()));
    List<AcknowledgedNotify> acknowledged = new ArrayList<>(acknowledged(sandbox.notifies()));
    acknowledged.addAll(wechatAcknowledged(sandbox.wechatNotifies()));
    try (Connection c = db.connect();
        Statement s = c.createStatement()) {
      List<OrderRow> orders = new ArrayList<>();
      try (ResultSet rs = s.executeQuery(ORDERS)) {
        while (rs.next()) {
          orders.add(new OrderRow(rs.getLong(1), rs.getString(2), rs.getLong(3), rs.getString(4)));
        }
      }
      List<PaymentRow> payments = new ArrayList<>();
      try (ResultSet rs = s.executeQuery(PAYMENTS)) {
        while (rs.next()) {
          payments.add(
              new PaymentRow(
                  rs.getLong(1),
                  rs.getLong(2),
                  rs.getString(3),
                  rs.getString(4),
                  rs.getString(5),
                  rs.getLong(6),
                  instant(rs, 7),
                  instant(rs, 8)));
        }
      }
      List<RefundRow> refunds = new ArrayList<>();
      try (ResultSet rs = s.executeQuery(REFUNDS)) {
        while (rs.next()) {
          refunds.add(
              new RefundRow(
                  rs.getLong(1),
                  rs.getLong(2),
                  rs.getLong(3),
                  rs.getString(4),
                  rs.getLong(5),
                  rs.getString(6),
                  rs.getString(7),
                  instant(rs, 8)));
        }
      }
      List<OutboxRow> outbox = new ArrayList<>();
      try (ResultSet rs = s.executeQuery(OUTBOX)) {
        while (rs.next()) {
          outbox.add(
              new OutboxRow(
                  rs.getLong(1),
                  rs.getString(2),
                  rs.getString(3),
                  rs.getString(4),
                  instant(rs, 5),
                  instant(rs, 6)));
        }
      }
      Map<String, Instant> successRecorded = firsts(s, SUCCESS_RECORDED);
      Map<String, Instant> closeRecorded = firsts(s, CLOSE_RECORDED);
      return new Books(
          orders,
          payments,
          refunds,
          outbox,
          trades,
          successRecorded,
          closeRecorded,
          acknowledged,
          now);
    }
  }

  private static Map<String, Instant> firsts(Statement s, String sql) throws SQLException {
    Map<String, Instant> firsts = new HashMap<>();
    try (ResultSet rs = s.executeQuery(sql)) {
      while (rs.next()) {
        firsts.put(rs.getString(1), instant(rs, 2));
      }
    }
    return firsts;
  }

  /** The deliveries of an Alipay paid trade's notify that we answered {@code success}. */
  static List<AcknowledgedNotify> acknowledged(List<JsonNode> deliveries) {
    return acknowledged(deliveries, "tradeStatus", Set.of("TRADE_SUCCESS", "TRADE_FINISHED"));
  }

  /** The deliveries of a WeChat Pay payment notify (APIv3) that we answered with success. */
  static List<AcknowledgedNotify> wechatAcknowledged(List<JsonNode> deliveries) {
    return acknowledged(deliveries, "eventType", Set.of("TRANSACTION.SUCCESS"));
  }

  /** The deliveries whose {@code field} is one of {@code paid} and that were acknowledged. */
  private static List<AcknowledgedNotify> acknowledged(
      List<JsonNode> deliveries, String field, Set<String> paid) {
    List<AcknowledgedNotify> acknowledged = new ArrayList<>();
    for (JsonNode delivery : deliveries) {
      String status = delivery.path(field).asString();
      if (delivery.path("outcome").asString().equals("DELIVERED") && paid.contains(status)) {
        acknowledged.add(
            new AcknowledgedNotify(
                delivery.path("outTradeNo").asString(),
                status,
                Instant.parse(delivery.path("at").asString())));
      }
    }
    return acknowledged;
  }

  /**
   * WeChat Pay's ledger as trades: the rows a buyer paid (a prepaid order nobody paid has no
   * transaction yet, as an Alipay pre-order has no trade), amounts in fen. A refund counts while it
   * holds its amount (every status but CLOSED); a payment code's reversal is the channel's own
   * refund, named as Alipay's cancel is ({@code CANCEL-}).
   */
  static List<Trade> wechatTrades(List<JsonNode> rows) {
    List<Trade> trades = new ArrayList<>();
    for (JsonNode row : rows) {
      if (row.path("transactionId").isNull() || row.path("transactionId").isMissingNode()) {
        continue;
      }
      List<TradeRefund> refunds = new ArrayList<>();
      for (JsonNode refund : row.path("refunds")) {
        if (!refund.path("status").asString().equals("CLOSED")) {
          refunds.add(
              new TradeRefund(
                  refund.path("outRefundNo").asString(), refund.path("amount").asLong()));
        }
      }
      JsonNode reversal = row.path("reversal");
      if (reversal.isObject() && reversal.path("refunded").asLong() > 0) {
        refunds.add(
            new TradeRefund(
                "CANCEL-" + row.path("outTradeNo").asString(), reversal.path("refunded").asLong()));
      }
      trades.add(
          new Trade(
              row.path("outTradeNo").asString(),
              row.path("transactionId").asString(),
              row.path("tradeState").asString(),
              row.path("total").asLong(),
              row.path("refunded").asLong(),
              row.path("paidAt").isNull() || row.path("paidAt").isMissingNode()
                  ? null
                  : Instant.parse(row.path("paidAt").asString()),
              refunds));
    }
    return trades;
  }

  static List<Trade> trades(List<JsonNode> rows) {
    List<Trade> trades = new ArrayList<>();
    for (JsonNode row : rows) {
      if (row.path("tradeNo").isNull() || row.path("tradeNo").isMissingNode()) {
        continue;
      }
      List<TradeRefund> refunds = new ArrayList<>();
      for (JsonNode refund : row.path("refunds")) {
        refunds.add(
            new TradeRefund(
                refund.path("outRequestNo").asString(), minor(refund.path("amount").asString())));
      }
      trades.add(
          new Trade(
              row.path("outTradeNo").asString(),
              row.path("tradeNo").asString(),
              row.path("status").asString(),
              minor(row.path("totalAmount").asString()),
              minor(row.path("refundedAmount").asString()),
              row.path("paidAt").isNull() || row.path("paidAt").isMissingNode()
                  ? null
                  : Instant.parse(row.path("paidAt").asString()),
              refunds));
    }
    return trades;
  }

  static long minor(String yuan) {
    return new BigDecimal(yuan).movePointRight(2).longValueExact();
  }

  /** Timestamps are UTC in zone-less columns. */
  private static Instant instant(ResultSet rs, int column) throws SQLException {
    LocalDateTime value = rs.getObject(column, LocalDateTime.class);
    return value == null ? null : value.toInstant(ZoneOffset.UTC);
  }
}
