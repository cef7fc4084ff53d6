package io.payonce.server.view;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.channel.ChannelCall;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.money.Money;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.operator.OperatorAction;
import io.payonce.server.refund.Refund;
import io.payonce.server.view.PaymentTimeline.Event;
import io.payonce.server.view.PaymentTimeline.Kind;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.Stream;

/** Merges a payment's records into the one list of lines the operator reads, oldest first. */
final class TimelineEvents {

  private TimelineEvents() {}

  static List<Event> of(PaymentHistory history) {
    return Stream.of(
            history.journal().stream()
                .map(
                    as(
                        Kind.PAYMENT,
                        JournalEntry::occurredAt,
                        TimelineEvents::move,
                        JournalEntry::detail)),
            history.orderJournal().stream()
                .map(
                    as(
                        Kind.ORDER,
                        JournalEntry::occurredAt,
                        TimelineEvents::move,
                        JournalEntry::detail)),
            history.notifies().stream()
                .map(
                    as(
                        Kind.NOTIFY,
                        NotifyReceipt::receivedAt,
                        TimelineEvents::received,
                        TimelineEvents::receiptDetail)),
            history.calls().stream()
                .map(
                    as(
                        Kind.CALL,
                        ChannelCall::startedAt,
                        TimelineEvents::called,
                        ChannelCall::detail)),
            history.alarms().stream()
                .map(as(Kind.ALARM, Alarm::raisedAt, TimelineEvents::alarmed, Alarm::detail)),
            history.refunds().stream()
                .map(
                    as(
                        Kind.REFUND,
                        Refund::createdAt,
                        TimelineEvents::refunded,
                        TimelineEvents::refundDetail)),
            history.operatorActions().stream()
                .map(
                    as(
                        Kind.OPERATOR,
                        OperatorAction::startedAt,
                        TimelineEvents::acted,
                        TimelineEvents::actionDetail)))
        .flatMap(s -> s)
        .sorted(Comparator.comparing(Event::at))
        .toList();
  }

  private static <T> Function<T, Event> as(
      Kind kind, Function<T, Instant> at, Function<T, String> summary, Function<T, String> detail) {
    return item -> new Event(at.apply(item), kind, summary.apply(item), detail.apply(item));
  }

  private static String move(JournalEntry entry) {
    return (entry.fromStatus() == null ? "created" : entry.fromStatus())
        + " → "
        + entry.toStatus()
        + " by "
        + entry.source();
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

  private static String refunded(Refund refund) {
    return "refund "
        + refund.outRequestNo()
        + " · "
        + Money.ofMinor(refund.amountMinor(), refund.currency()).toDecimalString()
        + " "
        + refund.currency()
        + " · "
        + refund.kind()
        + " → "
        + refund.status();
  }

  private static String refundDetail(Refund refund) {
    return (refund.reason() == null ? "" : refund.reason())
        + (refund.detail() == null ? "" : " · " + refund.detail());
  }

  private static String acted(OperatorAction action) {
    return action.action() + " by " + action.operator() + " · " + action.outcome();
  }

  private static String actionDetail(OperatorAction action) {
    return "before: "
        + (action.before() == null ? "—" : action.before())
        + " · after: "
        + (action.after() == null ? "—" : action.after());
  }

  private static String alarmed(Alarm alarm) {
    return alarm.type() + (alarm.resolvedAt() == null ? " · open" : " · resolved");
  }
}
