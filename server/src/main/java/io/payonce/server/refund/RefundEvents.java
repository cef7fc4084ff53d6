package io.payonce.server.refund;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.money.Money;
import io.payonce.server.order.Order;
import io.payonce.server.outbox.OutboxWriter;
import org.springframework.stereotype.Component;

/**
 * The events a refund tells, one per business fact, written in the transaction that recorded it:
 * RefundSucceeded for every refund the channel made, and for a merchant's refund the order's own
 * news — OrderPartiallyRefunded (this refund, the total so far) or, once the whole amount is back,
 * OrderRefunded. A refund that failed tells nothing: the order's return to PAID is no news.
 */
@Component
class RefundEvents {

  private final OutboxWriter outbox;

  RefundEvents(OutboxWriter outbox) {
    this.outbox = outbox;
  }

  void refundSucceeded(Refund refund, String channel) {
    RefundSucceededData payload =
        new RefundSucceededData(
            refund.id(),
            refund.payId(),
            refund.orderId(),
            refund.outTradeNo(),
            refund.outRequestNo(),
            Money.ofMinor(refund.amountMinor(), refund.currency()).toDecimalString(),
            refund.currency(),
            refund.kind(),
            channel);
    outbox.append(
        Aggregate.PAYMENT,
        refund.payId(),
        "RefundSucceeded",
        "refund " + refund.outRequestNo() + " of payment " + refund.outTradeNo(),
        payload);
  }

  /** The order's news after its merchant refund {@code refund} succeeded. */
  void orderRefunded(Order order, Refund refund, long refundedMinor, String paidByOutTradeNo) {
    boolean whole = refundedMinor >= order.amount().minorUnits();
    String type = whole ? "OrderRefunded" : "OrderPartiallyRefunded";
    OrderRefundedData payload =
        new OrderRefundedData(
            order.id(),
            order.orderNo(),
            order.userId(),
            order.amount().toDecimalString(),
            order.amount().currency(),
            order.status(),
            paidByOutTradeNo,
            refund.outRequestNo(),
            Money.ofMinor(refundedMinor, order.amount().currency()).toDecimalString());
    outbox.append(
        io.payonce.server.journal.Aggregate.ORDER,
        order.id(),
        type,
        whole
            ? order.identity() + " refunded in full"
            : order.identity() + " refunded by " + refund.outRequestNo(),
        payload);
  }
}
