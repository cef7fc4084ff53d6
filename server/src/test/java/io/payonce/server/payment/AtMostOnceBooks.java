package io.payonce.server.payment;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.server.db.SqlTime;
import io.payonce.server.payment.AtMostOnceWorld.ModelOrder;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.springframework.jdbc.core.simple.JdbcClient;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.node.JsonNodeFactory;

/**
 * What the server's books (its database) and the channel's ledger (the sandbox) say about one of
 * the chain's orders. The order row is read with its OrderPaid events and payment counts in one
 * statement, so that a status and the events of its transition are never seen half written; the
 * ledger is read after the books, so that whatever the books say was done at the channel is there.
 */
record AtMostOnceBooks(
    long orderId,
    String status,
    long orderPaidEvents,
    long successes,
    long inFlight,
    long reversing,
    List<PaymentRow> payments,
    List<RefundRow> refunds,
    List<Trade> ledger) {

  private static final String ORDER =
      """
      SELECT o.id, o.status,
             (SELECT COUNT(*)
              FROM outbox e
              WHERE e.aggregate = 'ORDER'
                AND e.aggregate_id = o.id
                AND e.event_type = 'OrderPaid') AS order_paid_events,
             (SELECT COUNT(*)
              FROM payment p
              WHERE p.order_id = o.id
                AND p.status = 'SUCCESS') AS successes,
             (SELECT COUNT(*)
              FROM payment p
              WHERE p.order_id = o.id
                AND p.active_slot = 1) AS in_flight,
             (SELECT COUNT(*)
              FROM payment p
              WHERE p.order_id = o.id
                AND p.status = 'CANCELLING') AS reversing
      FROM orders o
      WHERE o.order_no = :orderNo
      """;

  private static final String PAYMENTS =
      """
      SELECT out_trade_no, status, amount_minor, refund_reserved_minor, watch_until
      FROM payment
      WHERE order_id = :orderId
      ORDER BY pay_id
      """;

  private static final String REFUNDS =
      """
      SELECT out_trade_no, out_request_no, amount_minor, kind, status
      FROM refund
      WHERE order_id = :orderId
      ORDER BY id
      """;

  record PaymentRow(
      String outTradeNo,
      String status,
      long amountMinor,
      long refundReservedMinor,
      Instant watchUntil) {}

  record RefundRow(
      String outTradeNo, String outRequestNo, long amountMinor, String kind, String status) {}

  /**
   * The channel's trade for one out_trade_no; "UNKNOWN", unpaid, before the channel heard of it.
   */
  record Trade(
      String outTradeNo,
      String status,
      long totalMinor,
      boolean paid,
      long refundedMinor,
      List<JsonNode> refunds) {

    /** The money the channel holds for this trade. */
    long net() {
      return paid ? totalMinor - refundedMinor : 0;
    }

    boolean hasRefund(String outRequestNo, long amountMinor) {
      return refunds.stream()
          .anyMatch(
              r ->
                  r.path("outRequestNo").asString().equals(outRequestNo)
                      && minor(r.path("amount").asString()) == amountMinor);
    }

    /** A cancel that reversed a paid trade: the channel names that refund itself. */
    boolean hasReversal(long amountMinor) {
      return refunds.stream()
          .anyMatch(
              r ->
                  r.path("outRequestNo").asString().startsWith(AlipayLedger.CANCEL_REFUND_PREFIX)
                      && minor(r.path("amount").asString()) == amountMinor);
    }

    @Override
    public String toString() {
      return outTradeNo
          + " "
          + status
          + (paid ? " paid " : " unpaid ")
          + AtMostOnceWorld.yuan(totalMinor)
          + " refunded "
          + AtMostOnceWorld.yuan(refundedMinor)
          + " "
          + refunds.stream()
              .map(r -> r.path("outRequestNo").asString() + ":" + r.path("amount").asString())
              .toList();
    }
  }

  static AtMostOnceBooks read(AtMostOnceWorld world, ModelOrder order) {
    JdbcClient jdbc = world.system.jdbc;
    AtMostOnceBooks head =
        jdbc.sql(ORDER)
            .param("orderNo", order.orderNo)
            .query(
                (rs, n) ->
                    new AtMostOnceBooks(
                        rs.getLong("id"),
                        rs.getString("status"),
                        rs.getLong("order_paid_events"),
                        rs.getLong("successes"),
                        rs.getLong("in_flight"),
                        rs.getLong("reversing"),
                        List.of(),
                        List.of(),
                        List.of()))
            .single();
    List<PaymentRow> payments =
        jdbc.sql(PAYMENTS)
            .param("orderId", head.orderId())
            .query(
                (rs, n) ->
                    new PaymentRow(
                        rs.getString("out_trade_no"),
                        rs.getString("status"),
                        rs.getLong("amount_minor"),
                        rs.getLong("refund_reserved_minor"),
                        SqlTime.fromColumn(rs, "watch_until")))
            .list();
    List<RefundRow> refunds =
        jdbc.sql(REFUNDS)
            .param("orderId", head.orderId())
            .query(
                (rs, n) ->
                    new RefundRow(
                        rs.getString("out_trade_no"),
                        rs.getString("out_request_no"),
                        rs.getLong("amount_minor"),
                        rs.getString("kind"),
                        rs.getString("status")))
            .list();
    Set<String> numbers = new LinkedHashSet<>();
    payments.forEach(p -> numbers.add(p.outTradeNo()));
    numbers.addAll(order.outTradeNos);
    return new AtMostOnceBooks(
        head.orderId(),
        head.status(),
        head.orderPaidEvents(),
        head.successes(),
        head.inFlight(),
        head.reversing(),
        payments,
        refunds,
        ledger(world, numbers));
  }

  /** The channel's trades for every number of the order: ours and any the server gave out. */
  private static List<Trade> ledger(AtMostOnceWorld world, Set<String> numbers) {
    List<Trade> trades = new ArrayList<>();
    for (String outTradeNo : numbers) {
      List<JsonNode> rows = world.system.trades(outTradeNo);
      if (rows.isEmpty()) {
        List<JsonNode> orders = world.system.wechatOrders(outTradeNo);
        if (orders.isEmpty()) {
          trades.add(new Trade(outTradeNo, "UNKNOWN", 0, false, 0, List.of()));
        }
        for (JsonNode order : orders) {
          trades.add(wechatTrade(outTradeNo, order));
        }
      }
      for (JsonNode row : rows) {
        trades.add(
            new Trade(
                outTradeNo,
                row.path("status").asString(),
                minor(row.path("totalAmount").asString()),
                row.path("paidAt").isString(),
                minor(row.path("refundedAmount").asString("0.00")),
                row.path("refunds").valueStream().toList()));
      }
    }
    return trades;
  }

  /**
   * A WeChat Pay order as a trade: amounts in fen, its refunds (those that hold their amount) named
   * as Alipay's ledger names them, its reversal as the channel's own cancel refund.
   */
  private static Trade wechatTrade(String outTradeNo, JsonNode order) {
    List<JsonNode> refunds = new ArrayList<>();
    for (JsonNode refund : order.path("refunds")) {
      if (!refund.path("status").asString().equals("CLOSED")) {
        refunds.add(refund(refund.path("outRefundNo").asString(), refund.path("amount").asLong()));
      }
    }
    JsonNode reversal = order.path("reversal");
    if (reversal.isObject() && reversal.path("refunded").asLong() > 0) {
      refunds.add(
          refund(
              AlipayLedger.CANCEL_REFUND_PREFIX + outTradeNo, reversal.path("refunded").asLong()));
    }
    return new Trade(
        outTradeNo,
        order.path("tradeState").asString(),
        order.path("total").asLong(),
        order.path("paidAt").isString(),
        order.path("refunded").asLong(),
        refunds);
  }

  private static JsonNode refund(String outRequestNo, long fen) {
    return JsonNodeFactory.instance
        .objectNode()
        .put("outRequestNo", outRequestNo)
        .put("amount", BigDecimal.valueOf(fen, 2).toPlainString());
  }

  /** The money the channel holds for the order. */
  long net() {
    return ledger.stream().mapToLong(Trade::net).sum();
  }

  /**
   * What the channel holds beyond the order's largest trade: money a second payment took, which
   * must be given back by the time the order settles.
   */
  long heldBeyondOneTrade() {
    return net() - ledger.stream().mapToLong(Trade::net).max().orElse(0);
  }

  long refunded(String outTradeNo, Set<String> statuses) {
    return refunds.stream()
        .filter(r -> r.outTradeNo().equals(outTradeNo) && statuses.contains(r.status()))
        .mapToLong(RefundRow::amountMinor)
        .sum();
  }

  long merchantRefunded() {
    return refunds.stream()
        .filter(r -> r.kind().equals("MERCHANT") && r.status().equals("SUCCESS"))
        .mapToLong(RefundRow::amountMinor)
        .sum();
  }

  PaymentRow payment(String outTradeNo) {
    return payments.stream()
        .filter(p -> p.outTradeNo().equals(outTradeNo))
        .findFirst()
        .orElse(null);
  }

  Trade trade(String outTradeNo) {
    return ledger.stream().filter(t -> t.outTradeNo().equals(outTradeNo)).findFirst().orElseThrow();
  }

  /** Yuan as the API and the ledger write them, in minor units: "12.34" is 1234. */
  static long minor(String yuan) {
    return new BigDecimal(yuan).movePointRight(2).longValueExact();
  }

  @Override
  public String toString() {
    return "books: order "
        + status
        + ", OrderPaid x"
        + orderPaidEvents
        + "\n    payments: "
        + payments.stream()
            .map(
                p ->
                    p.outTradeNo()
                        + " "
                        + p.status()
                        + (p.watchUntil() == null ? "" : " watched until " + p.watchUntil()))
            .toList()
        + "\n    refunds: "
        + refunds.stream()
            .map(
                r ->
                    r.outRequestNo()
                        + " "
                        + r.kind()
                        + " "
                        + AtMostOnceWorld.yuan(r.amountMinor())
                        + " "
                        + r.status())
            .toList()
        + "\n  ledger: "
        + ledger;
  }
}
