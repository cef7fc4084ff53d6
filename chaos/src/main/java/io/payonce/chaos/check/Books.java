package io.payonce.chaos.check;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/**
 * Our books and the channel's, read at one moment.
 *
 * @param successRecorded per payment number, when our books first recorded it SUCCESS
 * @param closeRecorded per order number, when our books first recorded it CLOSED
 * @param acknowledged the channel's notifies of a paid trade that we answered {@code success}
 */
public record Books(
    List<OrderRow> orders,
    List<PaymentRow> payments,
    List<RefundRow> refunds,
    List<OutboxRow> outbox,
    List<Trade> trades,
    Map<String, Instant> successRecorded,
    Map<String, Instant> closeRecorded,
    List<AcknowledgedNotify> acknowledged,
    Instant readAt) {

  /** Books without the record of when facts were written (nothing acknowledged to check). */
  public Books(
      List<OrderRow> orders,
      List<PaymentRow> payments,
      List<RefundRow> refunds,
      List<OutboxRow> outbox,
      List<Trade> trades,
      Instant readAt) {
    this(orders, payments, refunds, outbox, trades, Map.of(), Map.of(), List.of(), readAt);
  }

  /** A notify of a paid trade that the channel saw acknowledged, and when. */
  public record AcknowledgedNotify(String outTradeNo, String tradeStatus, Instant at) {}

  /** An order row. */
  public record OrderRow(long id, String orderNo, long amountMinor, String status) {}

  /** A payment row. */
  public record PaymentRow(
      long payId,
      long orderId,
      String outTradeNo,
      String status,
      String tradeNo,
      long amountMinor,
      Instant expireTime,
      Instant createdAt) {

    boolean inFlight() {
      return status.equals("INIT") || status.equals("PRECREATED") || status.equals("PAYING");
    }
  }

  /** A refund row. */
  public record RefundRow(
      long id,
      long payId,
      long orderId,
      String outRequestNo,
      long amountMinor,
      String kind,
      String status,
      Instant createdAt) {}

  /** An outbox row. */
  public record OutboxRow(
      long id,
      String type,
      String orderNo,
      String eventId,
      Instant createdAt,
      Instant publishedAt) {}

  /** A trade at the channel (a sandbox ledger row that has a trade). */
  public record Trade(
      String outTradeNo,
      String tradeNo,
      String status,
      long totalMinor,
      long refundedMinor,
      Instant paidAt,
      List<TradeRefund> refunds) {

    public boolean paid() {
      return paidAt != null;
    }

    /** What the channel still holds of the buyer's money for this trade. */
    public long netMinor() {
      return paid() ? totalMinor - refundedMinor : 0;
    }

    /** What was given back by someone other than the merchant (cancel, duplicate refund). */
    public long reversedMinor() {
      return refunds.stream()
          .filter(TradeRefund::automatic)
          .mapToLong(TradeRefund::amountMinor)
          .sum();
    }
  }

  /** A refund at the channel. */
  public record TradeRefund(String outRequestNo, long amountMinor) {
    /** Refunds no merchant asked for: a cancel's, and the duplicate-payment refund's. */
    public boolean automatic() {
      return outRequestNo.startsWith("CANCEL-") || outRequestNo.startsWith("DUP_");
    }
  }
}
