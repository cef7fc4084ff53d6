package io.payonce.server.view;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelCall;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.money.Money;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.operator.OperatorAction;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentStatus;
import io.payonce.server.refund.Refund;
import io.payonce.server.refund.RefundKind;
import io.payonce.server.refund.RefundStatus;
import io.payonce.server.view.PaymentTimeline.Event;
import io.payonce.server.view.PaymentTimeline.Kind;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** One payment's history drawn as the operator's timeline and as the API's details. */
class PaymentTimelineUnitTests {

  private static final Instant T0 = Instant.parse("2026-03-31T08:00:00Z");
  private static final Money AMOUNT = Money.ofMinor(990, "CNY");

  private final Order order =
      new Order(7, "app", "O-1", "u", AMOUNT, "t", OrderStatus.PAID, 11L, T0, at(9), 3);
  private final Payment payment =
      new Payment(
          11,
          7,
          Channel.ALIPAY,
          PaymentKind.QR,
          "P-1",
          AMOUNT,
          PaymentStatus.SUCCESS,
          "T-1",
          "https://qr/1",
          null,
          at(900),
          null,
          at(1),
          at(8),
          2,
          "bootstrap",
          null,
          null);
  private final PaymentHistory history =
      new PaymentHistory(
          payment,
          order,
          List.of(
              entry(Aggregate.PAYMENT, null, "INIT", TransitionSource.API, 1),
              entry(Aggregate.PAYMENT, "INIT", "PRECREATED", TransitionSource.API, 3),
              entry(Aggregate.PAYMENT, "PRECREATED", "SUCCESS", TransitionSource.NOTIFY, 6)),
          List.of(
              entry(Aggregate.ORDER, null, "CREATED", TransitionSource.API, 0),
              entry(Aggregate.ORDER, "PAYING", "PAID", TransitionSource.NOTIFY, 6)),
          List.of(receipt("APPLIED", 5), receipt("DUPLICATE", 7), receipt("DUPLICATE", 8)),
          List.of(
              new ChannelCall(
                  "ALIPAY",
                  "alipay.trade.precreate",
                  "P-1",
                  "DONE",
                  null,
                  at(2),
                  Duration.ofMillis(40))),
          List.of(
              new Alarm(1, AlarmType.PAID_AFTER_CLOSE, "ALIPAY", "P-1", "late", at(9), null, null)),
          List.of(),
          List.of());

  @Test
  void mergesEveryRecordIntoOneListOldestFirst() {
    PaymentTimeline timeline = PaymentTimeline.of(history);

    assertThat(timeline.events())
        .extracting(Event::at)
        .isSortedAccordingTo(Instant::compareTo)
        .hasSize(3 + 2 + 3 + 1 + 1);
    assertThat(timeline.events().get(0))
        .isEqualTo(new Event(at(0), Kind.ORDER, "created → CREATED by API", "d"));
    assertThat(timeline.events())
        .filteredOn(e -> e.kind() == Kind.CALL)
        .singleElement()
        .isEqualTo(new Event(at(2), Kind.CALL, "alipay.trade.precreate → DONE in 40 ms", null));
    assertThat(timeline.events())
        .filteredOn(e -> e.kind() == Kind.NOTIFY)
        .first()
        .isEqualTo(
            new Event(
                at(5),
                Kind.NOTIFY,
                "TRADE_SUCCESS · APPLIED · replied success",
                "notify_id=n5 total_amount=9.90"));
    assertThat(timeline.events())
        .last()
        .isEqualTo(new Event(at(9), Kind.ALARM, "PAID_AFTER_CLOSE · open", "late"));
  }

  @Test
  void countsNotifyOutcomesAndTheTransitionsToEachStatus() {
    PaymentTimeline timeline = PaymentTimeline.of(history);

    assertThat(timeline.notifyOutcomes())
        .containsExactly(entryOf("APPLIED", 1), entryOf("DUPLICATE", 2));
    assertThat(timeline.transitionsTo())
        .containsOnlyKeys("INIT", "PRECREATED", "SUCCESS")
        .containsEntry("SUCCESS", 1L);
    assertThat(timeline.eventCounts())
        .containsEntry(Kind.PAYMENT, 3L)
        .containsEntry(Kind.ORDER, 2L)
        .containsEntry(Kind.NOTIFY, 3L);
  }

  @Test
  void refundsAndOperatorActionsJoinTheTimelineAndFailedRefundsLeaveTheAmountRefundable() {
    PaymentHistory refunded =
        new PaymentHistory(
            payment,
            order,
            history.journal(),
            history.orderJournal(),
            List.of(),
            List.of(),
            List.of(),
            List.of(
                refund("R1", 200, RefundStatus.SUCCESS, 10),
                refund("R2", 300, RefundStatus.FAIL, 11),
                refund("R3", 100, RefundStatus.PENDING, 12)),
            List.of(
                new OperatorAction(
                    1,
                    "alice",
                    OperatorAction.Kind.REFUND,
                    "order x",
                    "P-1",
                    "order PAID",
                    "refund R1 2.00 → SUCCESS",
                    OperatorAction.Outcome.DONE,
                    at(10),
                    at(10))));

    PaymentTimeline timeline = PaymentTimeline.of(refunded);

    assertThat(timeline.refundedMinor()).isEqualTo(300);
    assertThat(timeline.refundLeft()).isEqualTo("6.90");
    assertThat(timeline.eventCounts())
        .containsEntry(Kind.REFUND, 3L)
        .containsEntry(Kind.OPERATOR, 1L);
    assertThat(timeline.events())
        .filteredOn(e -> e.kind() == Kind.OPERATOR)
        .singleElement()
        .isEqualTo(
            new Event(
                at(10),
                Kind.OPERATOR,
                "REFUND by alice · DONE",
                "before: order PAID · after: refund R1 2.00 → SUCCESS"));
    assertThat(timeline.events())
        .filteredOn(e -> e.kind() == Kind.REFUND)
        .first()
        .extracting(Event::summary)
        .isEqualTo("refund R1 · 2.00 CNY · MERCHANT → SUCCESS");
  }

  private Refund refund(String number, long minor, RefundStatus status, int second) {
    return new Refund(
        second,
        1,
        1,
        "P-1",
        number,
        minor,
        "CNY",
        null,
        RefundKind.MERCHANT,
        status,
        null,
        at(second),
        at(second));
  }

  @Test
  void theApiDetailsListWhatTheTimelineShows() {
    PaymentDetails details = PaymentDetails.of(history);
    PaymentTimeline timeline = PaymentTimeline.of(history);

    assertThat(details.journal()).isEqualTo(timeline.transitions());
    assertThat(details.notifies()).isEqualTo(timeline.notifies());
    assertThat(details.channelCalls()).isEqualTo(timeline.calls());
    assertThat(details.alarms()).isEqualTo(timeline.alarms());
    assertThat(details.amount()).isEqualTo("9.90");
    assertThat(details.status()).isEqualTo("SUCCESS");
  }

  private static Map.Entry<String, Long> entryOf(String key, long value) {
    return Map.entry(key, value);
  }

  private static JournalEntry entry(
      Aggregate aggregate, String from, String to, TransitionSource source, int second) {
    return new JournalEntry(second, aggregate, 1, from, to, source, "d", at(second));
  }

  private static NotifyReceipt receipt(String outcome, int second) {
    return new NotifyReceipt(
        "ALIPAY",
        "P-1",
        "n" + second,
        "k",
        "TRADE_SUCCESS",
        "9.90",
        outcome,
        "success",
        null,
        "h",
        at(second));
  }

  private static Instant at(int second) {
    return T0.plusSeconds(second);
  }
}
