package io.payonce.server.view;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.channel.ChannelCall;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.money.Money;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.operator.OperatorAction;
import io.payonce.server.order.Order;
import io.payonce.server.payment.Payment;
import io.payonce.server.refund.Refund;
import io.payonce.server.refund.RefundStatus;
import java.time.Instant;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * Everything that happened to one payment, as the operator reads it: the records by kind, and all
 * of them merged into one list in the order they happened.
 *
 * @param transitions the payment's journal, oldest first
 * @param orderTransitions the order's journal, oldest first
 * @param notifies every notification received for the payment, verified or not, deduplicated or not
 * @param refunds the payment's refunds, oldest first
 * @param operatorActions what operators did about the payment from the console, oldest first
 * @param events all of the above plus channel calls and alarms, oldest first
 */
public record PaymentTimeline(
    Payment payment,
    Order order,
    List<JournalEntry> transitions,
    List<JournalEntry> orderTransitions,
    List<NotifyReceipt> notifies,
    List<ChannelCall> calls,
    List<Alarm> alarms,
    List<Refund> refunds,
    List<OperatorAction> operatorActions,
    List<Event> events) {

  /** What kind of record an event comes from. */
  public enum Kind {
    /** A change of the payment's status. */
    PAYMENT,
    /** A change of the order's status. */
    ORDER,
    /** A notification received from the channel. */
    NOTIFY,
    /** A call we made to the channel. */
    CALL,
    /** An alarm raised about the payment. */
    ALARM,
    /** A refund of the payment, as it stands. */
    REFUND,
    /** An operator's action from the console. */
    OPERATOR
  }

  /** One line of the timeline. */
  public record Event(Instant at, Kind kind, String summary, String detail) {}

  static PaymentTimeline of(PaymentHistory history) {
    return new PaymentTimeline(
        history.payment(),
        history.order(),
        history.journal(),
        history.orderJournal(),
        history.notifies(),
        history.calls(),
        history.alarms(),
        history.refunds(),
        history.operatorActions(),
        TimelineEvents.of(history));
  }

  /** How many notifications had each outcome (APPLIED, DUPLICATE, BAD_SIGNATURE, ...). */
  public Map<String, Long> notifyOutcomes() {
    return notifies.stream()
        .collect(
            Collectors.groupingBy(NotifyReceipt::outcome, TreeMap::new, Collectors.counting()));
  }

  /** How many journal rows moved the payment to each status. */
  public Map<String, Long> transitionsTo() {
    return transitions.stream()
        .collect(
            Collectors.groupingBy(JournalEntry::toStatus, TreeMap::new, Collectors.counting()));
  }

  /** What the payment's refunds took or still hold, in minor units: all but the failed ones. */
  public long refundedMinor() {
    return refunds.stream()
        .filter(refund -> refund.status() != RefundStatus.FAIL)
        .mapToLong(Refund::amountMinor)
        .sum();
  }

  /** What is left to refund of the payment, as decimal text of its currency. */
  public String refundLeft() {
    return Money.ofMinor(
            Math.max(0, payment.amount().minorUnits() - refundedMinor()),
            payment.amount().currency())
        .toDecimalString();
  }

  /** How many events of each kind the timeline holds. */
  public Map<Kind, Long> eventCounts() {
    return events.stream()
        .collect(
            Collectors.groupingBy(
                Event::kind, () -> new EnumMap<>(Kind.class), Collectors.counting()));
  }
}
