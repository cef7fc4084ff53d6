package io.payonce.server.ops;

import static io.payonce.server.ops.PaymentTimeline.as;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.ChannelCall;
import io.payonce.server.channel.ChannelCallJournal;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.notify.NotifyReceipts;
import io.payonce.server.ops.PaymentTimeline.Event;
import io.payonce.server.ops.PaymentTimeline.Kind;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderRepository;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentRepository;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.springframework.stereotype.Service;

/** Assembles the operator's view of payments from the journal, receipts, call log and alarms. */
@Service
public class PaymentTimelines {

  private final OrderRepository orders;
  private final PaymentRepository payments;
  private final Journal journal;
  private final NotifyReceipts receipts;
  private final ChannelCallJournal calls;
  private final Alarms alarms;

  PaymentTimelines(
      OrderRepository orders,
      PaymentRepository payments,
      Journal journal,
      NotifyReceipts receipts,
      ChannelCallJournal calls,
      Alarms alarms) {
    this.orders = orders;
    this.payments = payments;
    this.journal = journal;
    this.receipts = receipts;
    this.calls = calls;
    this.alarms = alarms;
  }

  /** An order and its payments, newest first. */
  public record OrderPayments(Order order, List<Payment> payments) {}

  public Optional<OrderPayments> byOrderNo(String orderNo) {
    return orders
        .findByOrderNo(orderNo)
        .map(
            order -> {
              List<Payment> all = new ArrayList<>(payments.findByOrderId(order.id()));
              all.sort(Comparator.comparingLong(Payment::payId).reversed());
              return new OrderPayments(order, all);
            });
  }

  public Optional<PaymentTimeline> of(String outTradeNo) {
    return payments.findByOutTradeNo(outTradeNo).map(this::timeline);
  }

  private PaymentTimeline timeline(Payment payment) {
    Order order = orders.findById(payment.orderId()).orElseThrow();
    List<JournalEntry> transitions = journal.entriesOf(Aggregate.PAYMENT, payment.payId());
    List<JournalEntry> orderTransitions = journal.entriesOf(Aggregate.ORDER, order.id());
    List<NotifyReceipt> notifies = receipts.receiptsFor(payment.outTradeNo());
    List<ChannelCall> channelCalls = calls.callsFor(payment.outTradeNo());
    List<Alarm> raised = alarms.of(payment.outTradeNo());
    List<Event> events =
        Stream.of(
                transitions.stream()
                    .map(
                        as(
                            Kind.PAYMENT,
                            JournalEntry::occurredAt,
                            PaymentTimelines::move,
                            PaymentTimelines::why)),
                orderTransitions.stream()
                    .map(
                        as(
                            Kind.ORDER,
                            JournalEntry::occurredAt,
                            PaymentTimelines::move,
                            PaymentTimelines::why)),
                notifies.stream()
                    .map(
                        as(
                            Kind.NOTIFY,
                            NotifyReceipt::receivedAt,
                            PaymentTimelines::received,
                            PaymentTimelines::receiptDetail)),
                channelCalls.stream()
                    .map(
                        as(
                            Kind.CALL,
                            ChannelCall::startedAt,
                            PaymentTimelines::called,
                            ChannelCall::detail)),
                raised.stream()
                    .map(as(Kind.ALARM, Alarm::raisedAt, PaymentTimelines::alarmed, Alarm::detail)))
            .flatMap(s -> s)
            .sorted(Comparator.comparing(Event::at))
            .toList();
    return new PaymentTimeline(
        payment, order, transitions, orderTransitions, notifies, channelCalls, raised, events);
  }

  private static String move(JournalEntry entry) {
    return (entry.fromStatus() == null ? "created" : entry.fromStatus())
        + " → "
        + entry.toStatus()
        + " by "
        + entry.source();
  }

  private static String why(JournalEntry entry) {
    return entry.detail();
  }

  private static String received(NotifyReceipt receipt) {
    return receipt.tradeStatus() + " · " + receipt.outcome() + " · replied " + receipt.reply();
  }

  private static String receiptDetail(NotifyReceipt receipt) {
    return "notify_id="
        + receipt.notifyId()
        + " total_amount="
        + receipt.totalAmount()
        + (receipt.detail() == null ? "" : " · " + receipt.detail());
  }

  private static String called(ChannelCall call) {
    return call.method()
        + " → "
        + call.outcome()
        + (call.took() == null ? "" : " in " + call.took().toMillis() + " ms");
  }

  private static String alarmed(Alarm alarm) {
    return alarm.type() + (alarm.resolvedAt() == null ? " · open" : " · resolved");
  }
}
