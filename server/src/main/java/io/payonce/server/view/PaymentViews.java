package io.payonce.server.view;

import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.ChannelCallJournal;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.notify.NotifyReceipts;
import io.payonce.server.operator.OperatorActions;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.Payments;
import io.payonce.server.refund.Refunds;
import java.util.List;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * Reads a payment with everything recorded about it — for the API's details and the operator's
 * timeline, from the one same query.
 */
@Service
public class PaymentViews {

  // out_trade_no is at most 64 characters: a longer number names no payment, the database need not
  // be asked.
  private static final int MAX_OUT_TRADE_NO = 64;

  private final Payments payments;
  private final OrderService orders;
  private final Journal journal;
  private final NotifyReceipts receipts;
  private final ChannelCallJournal calls;
  private final Alarms alarms;
  private final Refunds refunds;
  private final OperatorActions operatorActions;

  PaymentViews(
      Payments payments,
      OrderService orders,
      Journal journal,
      NotifyReceipts receipts,
      ChannelCallJournal calls,
      Alarms alarms,
      Refunds refunds,
      OperatorActions operatorActions) {
    this.payments = payments;
    this.orders = orders;
    this.journal = journal;
    this.receipts = receipts;
    this.calls = calls;
    this.alarms = alarms;
    this.refunds = refunds;
    this.operatorActions = operatorActions;
  }

  /**
   * The app's payment with this number as {@code GET /api/payments/{outTradeNo}} shows it; another
   * app's payment is not found.
   */
  @ConsistentRead
  public Optional<PaymentDetails> details(String appId, String outTradeNo) {
    return history(outTradeNo, false)
        .filter(history -> history.order().appId().equals(appId))
        .map(PaymentDetails::of);
  }

  /** The payment with this number as the operator's timeline shows it. */
  @ConsistentRead
  public Optional<PaymentTimeline> timeline(String outTradeNo) {
    return history(outTradeNo, true).map(PaymentTimeline::of);
  }

  /** The merchant's API does not show what operators did: it need not read it. */
  private Optional<PaymentHistory> history(String outTradeNo, boolean withOperatorActions) {
    if (outTradeNo.length() > MAX_OUT_TRADE_NO) {
      return Optional.empty();
    }
    return payments
        .findByOutTradeNo(outTradeNo)
        .map(payment -> history(payment, withOperatorActions));
  }

  private PaymentHistory history(Payment payment, boolean withOperatorActions) {
    var order = orders.findById(payment.orderId()).orElseThrow();
    return new PaymentHistory(
        payment,
        order,
        journal.entriesOf(Aggregate.PAYMENT, payment.payId()),
        journal.entriesOf(Aggregate.ORDER, order.id()),
        receipts.receiptsFor(payment.outTradeNo()),
        calls.callsFor(payment.outTradeNo()),
        alarms.of(payment.outTradeNo()),
        refunds.ofPayment(payment.payId()),
        withOperatorActions ? operatorActions.ofPayment(payment.outTradeNo()) : List.of());
  }
}
