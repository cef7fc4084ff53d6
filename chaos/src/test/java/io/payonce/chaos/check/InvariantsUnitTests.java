package io.payonce.chaos.check;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.chaos.check.Books.OrderRow;
import io.payonce.chaos.check.Books.OutboxRow;
import io.payonce.chaos.check.Books.PaymentRow;
import io.payonce.chaos.check.Books.RefundRow;
import io.payonce.chaos.check.Books.Trade;
import io.payonce.chaos.check.Books.TradeRefund;
import io.payonce.chaos.cluster.Timings;
import io.payonce.chaos.events.EventLog;
import io.payonce.chaos.http.Reply;
import io.payonce.chaos.workload.Exchange;
import io.payonce.chaos.workload.Exchanges;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class InvariantsUnitTests {

  private static final Instant NOW = Instant.parse("2026-11-30T12:00:00Z");
  private static final Instant PAID_AT = NOW.minusSeconds(60);

  private final Invariants invariants = new Invariants(Timings.of(Duration.ofSeconds(30)));
  private final List<OrderRow> orders = new ArrayList<>();
  private final List<PaymentRow> payments = new ArrayList<>();
  private final List<RefundRow> refunds = new ArrayList<>();
  private final List<OutboxRow> outbox = new ArrayList<>();
  private final List<Trade> trades = new ArrayList<>();
  private final EventLog events = new EventLog();
  private final Exchanges exchanges = new Exchanges();

  @Test
  void booksThatKeptThePromiseHoldEveryInvariant() {
    // Paid once, half refunded by the merchant.
    order(1, "o1", 1000, "PARTIALLY_REFUNDED");
    payment(11, 1, "P11", "SUCCESS", "T11", 1000);
    trades.add(trade("P11", "T11", "TRADE_SUCCESS", 1000, refund("r1", 500)));
    refunds.add(new RefundRow(101, 11, 1, "r1", 500, "MERCHANT", "SUCCESS", NOW));
    fulfilled("o1", "e1");
    // Cancelled by the merchant, the buyer paid the old code later: refunded as a duplicate.
    order(2, "o2", 700, "CLOSED");
    payment(21, 2, "P21", "SUCCESS", "T21", 700);
    trades.add(trade("P21", "T21", "TRADE_CLOSED", 700, refund("DUP_P21", 700)));
    refunds.add(new RefundRow(201, 21, 2, "DUP_P21", 700, "DUPLICATE", "SUCCESS", NOW));
    // A barcode payment the buyer confirmed too late: cancelled, which gave the money back.
    order(3, "o3", 300, "PAYING");
    payment(31, 3, "P31", "CLOSED", null, 300);
    trades.add(trade("P31", "T31", "TRADE_CLOSED", 300, refund("CANCEL-T31", 300)));
    // A code nobody paid, expired and closed.
    order(4, "o4", 200, "PAYING");
    payment(41, 4, "P41", "CLOSED", null, 200);
    // The same event delivered three times is one fulfilment.
    events.deliver("e1", "OrderPaid", "o1", 1);
    events.deliver("e1", "OrderPaid", "o1", 2);

    Verdict verdict = check();

    assertThat(verdict.total()).as("%s", verdict.violations()).isZero();
    assertThat(verdict.quiescent()).isTrue();
  }

  @Test
  void twoTradesKeepingMoneyForOneOrderBreakI1() {
    order(1, "o1", 1000, "PAID");
    payment(11, 1, "P11", "SUCCESS", "T11", 1000);
    payment(12, 1, "P12", "SUCCESS", "T12", 1000);
    trades.add(trade("P11", "T11", "TRADE_SUCCESS", 1000));
    trades.add(trade("P12", "T12", "TRADE_SUCCESS", 1000));
    fulfilled("o1", "e1");

    assertThat(check().of(Invariant.I1))
        .extracting(Violation::detail)
        .anySatisfy(d -> assertThat(d).contains("holds 2000 for an order of 1000"))
        .anySatisfy(d -> assertThat(d).contains("2 paid trades not fully refunded"));
  }

  @Test
  void moneyTakenForAPaymentClosedHereBreaksI2AndI5() {
    order(1, "o1", 1000, "CLOSED");
    payment(11, 1, "P11", "CLOSED", null, 1000);
    trades.add(trade("P11", "T11", "TRADE_SUCCESS", 1000));

    Verdict verdict = check();

    assertThat(verdict.of(Invariant.I2))
        .singleElement()
        .satisfies(v -> assertThat(v.detail()).contains("the payment is CLOSED"));
    assertThat(verdict.of(Invariant.I5))
        .singleElement()
        .satisfies(v -> assertThat(v.detail()).contains("no OrderPaid received"));
  }

  @Test
  void aPaidOrderWithoutASuccessAndASuccessWithoutATradeBreakI2() {
    order(1, "o1", 1000, "PAID");
    payment(11, 1, "P11", "CLOSED", null, 1000);
    order(2, "o2", 500, "PAID");
    payment(21, 2, "P21", "SUCCESS", "T21", 500);

    assertThat(check().of(Invariant.I2))
        .extracting(Violation::orderNo)
        .containsExactlyInAnyOrder("o1", "o2");
  }

  @Test
  void aCancelThatRefundedAPaymentRecordedAsPaidBreaksI3AndI5() {
    order(1, "o1", 800, "PAID");
    payment(11, 1, "P11", "SUCCESS", "T11", 800);
    trades.add(trade("P11", "T11", "TRADE_CLOSED", 800, refund("CANCEL-T11", 800)));
    fulfilled("o1", "e1");

    Verdict verdict = check();

    assertThat(verdict.of(Invariant.I3))
        .singleElement()
        .satisfies(v -> assertThat(v.detail()).contains("refunded 800", "our books 0"));
    assertThat(verdict.of(Invariant.I5))
        .singleElement()
        .satisfies(v -> assertThat(v.detail()).contains("kept none of the buyer's money"));
  }

  @Test
  void refundsBeyondWhatWasPaidBreakI3() {
    order(1, "o1", 1000, "REFUNDING");
    payment(11, 1, "P11", "SUCCESS", "T11", 1000);
    trades.add(trade("P11", "T11", "TRADE_SUCCESS", 1000));
    refunds.add(new RefundRow(101, 11, 1, "r1", 600, "MERCHANT", "SUCCESS", NOW));
    refunds.add(new RefundRow(102, 11, 1, "r2", 600, "MERCHANT", "PENDING", NOW));
    fulfilled("o1", "e1");

    assertThat(check().of(Invariant.I3))
        .singleElement()
        .satisfies(v -> assertThat(v.detail()).contains("reach 1200 of 1000"));
  }

  @Test
  void aSecondOrderPaidEventForOneOrderBreaksI5() {
    order(1, "o1", 1000, "PAID");
    payment(11, 1, "P11", "SUCCESS", "T11", 1000);
    trades.add(trade("P11", "T11", "TRADE_SUCCESS", 1000));
    fulfilled("o1", "e1");
    fulfilled("o1", "e2");

    assertThat(check().of(Invariant.I5))
        .singleElement()
        .satisfies(v -> assertThat(v.detail()).contains("fulfilled 2 times"));
  }

  @Test
  void aReplayThatDiffersFromTheFirstAnswerBreaksI4() {
    exchanges.add(keyed("k1", 200, "{\"a\":1}", false, false));
    exchanges.add(keyed("k1", 409, "in use", false, false));
    exchanges.add(keyed("k1", 200, "{\"a\":2}", true, false));

    assertThat(check().of(Invariant.I4))
        .singleElement()
        .satisfies(v -> assertThat(v.detail()).contains("replay via instance-2 answered 200"));
  }

  @Test
  void aKeyRunTwiceToDifferentFinalAnswersBreaksI4ButAnswersThatAreNotKeptDoNot() {
    exchanges.add(keyed("k1", 503, "unavailable", false, true));
    exchanges.add(keyed("k1", 202, "{\"status\":\"PENDING\"}", false, false));
    exchanges.add(keyed("k1", 200, "{\"status\":\"SUCCESS\"}", false, false));
    exchanges.add(keyed("k2", 200, "{\"b\":1}", false, false));
    exchanges.add(keyed("k2", 200, "{\"b\":2}", false, false));

    assertThat(check().of(Invariant.I4))
        .singleElement()
        .satisfies(v -> assertThat(v.detail()).contains("key k2 ran 2 times"));
  }

  @Test
  void whatStaysInFlightLongAfterItsTimeBreaksI6() {
    order(1, "o1", 1000, "PAYING");
    payments.add(
        new PaymentRow(
            11, 1, "P11", "PRECREATED", null, 1000, NOW.minusSeconds(300), NOW.minusSeconds(330)));
    order(2, "o2", 1000, "REFUNDING");
    payment(21, 2, "P21", "SUCCESS", "T21", 1000);
    trades.add(trade("P21", "T21", "TRADE_SUCCESS", 1000));
    refunds.add(new RefundRow(201, 21, 2, "r1", 100, "MERCHANT", "PENDING", NOW.minusSeconds(600)));
    fulfilled("o2", "e2");
    outbox.add(new OutboxRow(9, "OrderClosed", "o3", "e9", NOW.minusSeconds(600), null));

    Verdict verdict = check();

    assertThat(verdict.of(Invariant.I6)).hasSize(3);
    assertThat(verdict.quiescent()).isFalse();
    assertThat(verdict.pending())
        .contains("1 payments in flight", "1 refunds pending", "1 events unpublished");
  }

  @Test
  void freshWorkInFlightIsPendingNotStuck() {
    order(1, "o1", 1000, "PAYING");
    payments.add(new PaymentRow(11, 1, "P11", "PRECREATED", null, 1000, NOW.plusSeconds(20), NOW));

    Verdict verdict = check();

    assertThat(verdict.holds()).isTrue();
    assertThat(verdict.quiescent()).isFalse();
  }

  @Test
  void a500AndTwinsAnsweredUnlikeAndBrokenPromisesBreakI7() {
    exchanges.add(
        new Exchange(
            1, 1, "barcode", "lb", "o1", "x".repeat(80), "{}", 500, "", false, false, "internal"));
    exchanges.twin(
        new Exchanges.Twin(
            "o2",
            "r2",
            new Reply(200, "{\"outRequestNo\":\"r2\",\"amount\":\"1.00\"}", Map.of(), null),
            new Reply(
                422,
                "{\"type\":\"https://payonce.io/problems/refund-exceeds-payment\"}",
                Map.of(),
                null)));
    exchanges.twin(
        new Exchanges.Twin(
            "o3",
            "r3",
            new Reply(200, "{\"outRequestNo\":\"r3\",\"amount\":\"1.00\"}", Map.of(), null),
            new Reply(202, "{\"outRequestNo\":\"r3\",\"amount\":\"1.00\"}", Map.of(), null)));
    exchanges.breach(new Exchanges.Breach("o4", "precreate answered 200 without a QR code"));

    assertThat(check().of(Invariant.I7))
        .extracting(Violation::orderNo)
        .containsExactly("o1", "o4", "o2");
  }

  @Test
  void anAcknowledgedFactMissingOrRecordedOnlyLaterBreaksI8() {
    Instant epoch = NOW.minusSeconds(600);
    order(1, "o1", 1000, "PAID");
    payment(11, 1, "P11", "SUCCESS", "T11", 1000);
    payment(12, 1, "P12", "CLOSED", null, 1000);
    payment(13, 1, "P13", "CLOSED", null, 1000);
    trades.add(trade("P11", "T11", "TRADE_SUCCESS", 1000));
    trades.add(trade("P13", "T13", "TRADE_CLOSED", 1000, refund("CANCEL-T13", 1000)));
    fulfilled("o1", "e1");
    // An order created with 201 that the final primary does not have.
    exchanges.add(exchange(1_000, "order", "o9", 201, "{\"orderNo\":\"o9\"}"));
    // A barcode payment answered SUCCESS whose success was written only a minute later.
    exchanges.add(
        exchange(2_000, "barcode", "o1", 200, "{\"status\":\"SUCCESS\",\"outTradeNo\":\"P11\"}"));
    Map<String, Instant> successRecorded = Map.of("P11", epoch.plusSeconds(62));
    // The channel was told success for P12 (lost) and P13 (reversed by a cancel: exempt).
    List<Books.AcknowledgedNotify> acknowledged =
        List.of(
            new Books.AcknowledgedNotify("P12", "TRADE_SUCCESS", epoch.plusSeconds(5)),
            new Books.AcknowledgedNotify("P13", "TRADE_SUCCESS", epoch.plusSeconds(6)));
    Books books =
        new Books(
            orders,
            payments,
            refunds,
            outbox,
            trades,
            successRecorded,
            Map.of(),
            acknowledged,
            NOW);

    Verdict verdict =
        new Invariants(Timings.of(Duration.ofSeconds(30)), epoch)
            .check(books, events, exchanges, 0);

    assertThat(verdict.of(Invariant.I8))
        .extracting(Violation::detail)
        .hasSize(3)
        .anySatisfy(d -> assertThat(d).contains("order o9 is not in the books"))
        .anySatisfy(d -> assertThat(d).contains("payment P11 SUCCESS was recorded only at"))
        .anySatisfy(d -> assertThat(d).contains("notify of P12 was answered success"));
  }

  @Test
  void factsRecordedBeforeTheirAcknowledgementHoldI8() {
    Instant epoch = NOW.minusSeconds(600);
    order(1, "o1", 1000, "PAID");
    payment(11, 1, "P11", "SUCCESS", "T11", 1000);
    trades.add(trade("P11", "T11", "TRADE_SUCCESS", 1000));
    fulfilled("o1", "e1");
    exchanges.add(exchange(1_000, "order", "o1", 201, "{\"orderNo\":\"o1\"}"));
    exchanges.add(
        exchange(2_000, "barcode", "o1", 200, "{\"status\":\"SUCCESS\",\"outTradeNo\":\"P11\"}"));
    Books books =
        new Books(
            orders,
            payments,
            refunds,
            outbox,
            trades,
            Map.of("P11", epoch.plusMillis(2_500)),
            Map.of(),
            List.of(new Books.AcknowledgedNotify("P11", "TRADE_SUCCESS", epoch.plusSeconds(3))),
            NOW);

    Verdict verdict =
        new Invariants(Timings.of(Duration.ofSeconds(30)), epoch)
            .check(books, events, exchanges, 0);

    assertThat(verdict.of(Invariant.I8)).isEmpty();
  }

  private static Exchange exchange(long atMs, String op, String orderNo, int status, String body) {
    return new Exchange(
        atMs, 100, op, "instance-1", orderNo, null, "{}", status, body, false, false, null);
  }

  private Verdict check() {
    return invariants.check(
        new Books(orders, payments, refunds, outbox, trades, NOW), events, exchanges, 0);
  }

  private void order(long id, String orderNo, long amount, String status) {
    orders.add(new OrderRow(id, orderNo, amount, status));
  }

  private void payment(
      long id, long orderId, String outTradeNo, String status, String tradeNo, long amount) {
    payments.add(
        new PaymentRow(
            id,
            orderId,
            outTradeNo,
            status,
            tradeNo,
            amount,
            NOW.minusSeconds(30),
            NOW.minusSeconds(90)));
  }

  private void fulfilled(String orderNo, String eventId) {
    events.deliver(eventId, "OrderPaid", orderNo, 0);
    outbox.add(new OutboxRow(outbox.size() + 1, "OrderPaid", orderNo, eventId, NOW, NOW));
  }

  private static Trade trade(
      String outTradeNo, String tradeNo, String status, long total, TradeRefund... refunds) {
    long refunded = 0;
    for (TradeRefund r : refunds) {
      refunded += r.amountMinor();
    }
    return new Trade(outTradeNo, tradeNo, status, total, refunded, PAID_AT, List.of(refunds));
  }

  private static TradeRefund refund(String number, long amount) {
    return new TradeRefund(number, amount);
  }

  private static Exchange keyed(
      String key, int status, String body, boolean replayed, boolean retryAfter) {
    return new Exchange(
        0,
        1,
        "precreate",
        replayed ? "instance-2" : "instance-1",
        "o1",
        key,
        "{\"orderNo\":\"o1\"}",
        status,
        body,
        replayed,
        retryAfter,
        status == 409 ? "idempotency-key-in-use" : null);
  }
}
