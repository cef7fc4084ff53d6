package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.order.OrderTransitions;
import io.payonce.server.outbox.OutboxEvent;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.IntFunction;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.dao.PessimisticLockingFailureException;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Payments and their state machine on a real database: conditional transitions, journal and outbox
 * written by the winner only, and the one-in-flight-payment-per-order constraint under concurrency.
 * Run on each database by the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class PaymentIntegrationTests {

  private static final int THREADS = 16;

  @Autowired OrderService orderService;
  @Autowired OrderTransitions orderTransitions;
  @Autowired PaymentOpener opener;
  @Autowired PaymentTransitions transitions;
  @Autowired PaymentRepository payments;
  @Autowired Journal journal;
  @Autowired OutboxReader outbox;
  @Autowired TransactionTemplate transactions;
  @Autowired java.time.Clock clock;

  @Test
  void winnerJournalsTheChangeAndRaisesItsEvent() {
    Payment payment = openPayment(Channel.ALIPAY);

    var precreated =
        transitions.apply(
            payment.payId(),
            PaymentStatus.PRECREATED,
            TransitionSource.API,
            "qr issued",
            new ChannelFields(null, "https://qr.example/abc", null));
    var succeeded =
        transitions.apply(
            payment.payId(),
            PaymentStatus.SUCCESS,
            TransitionSource.NOTIFY,
            "TRADE_SUCCESS",
            ChannelFields.tradeNo("T" + payment.outTradeNo()));

    assertThat(precreated).isEqualTo(TransitionOutcome.won(PaymentStatus.PRECREATED));
    assertThat(succeeded).isEqualTo(TransitionOutcome.won(PaymentStatus.SUCCESS));
    Payment stored = payments.findById(payment.payId()).orElseThrow();
    assertThat(stored.tradeNo()).isEqualTo("T" + payment.outTradeNo());
    assertThat(stored.qrCode()).isEqualTo("https://qr.example/abc");
    assertThat(journal.entriesOf(Aggregate.PAYMENT, payment.payId()))
        .extracting(JournalEntry::fromStatus, JournalEntry::toStatus, JournalEntry::source)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(null, "INIT", TransitionSource.API),
            org.assertj.core.groups.Tuple.tuple("INIT", "PRECREATED", TransitionSource.API),
            org.assertj.core.groups.Tuple.tuple("PRECREATED", "SUCCESS", TransitionSource.NOTIFY));
    List<OutboxEvent> events = outbox.eventsOf(Aggregate.PAYMENT, payment.payId());
    assertThat(events).extracting(OutboxEvent::eventType).containsExactly("PaymentSucceeded");
    assertThat(events.get(0).payload()).contains("\"tradeNo\":\"T" + payment.outTradeNo() + "\"");
  }

  @Test
  void repeatingATransitionIsIdempotent() {
    Payment payment = openPayment(Channel.ALIPAY);
    succeed(payment, TransitionSource.NOTIFY);

    var again = succeed(payment, TransitionSource.QUERY);

    assertThat(again).isEqualTo(TransitionOutcome.lost(PaymentStatus.SUCCESS));
    assertThat(journal.entriesOf(Aggregate.PAYMENT, payment.payId())).hasSize(2);
    assertThat(outbox.eventsOf(Aggregate.PAYMENT, payment.payId())).hasSize(1);
  }

  @Test
  void aLocalCloseCannotUndoASuccess() {
    Payment payment = openPayment(Channel.WECHAT);
    succeed(payment, TransitionSource.NOTIFY);

    var close = close(payment);

    assertThat(close).isEqualTo(TransitionOutcome.lost(PaymentStatus.SUCCESS));
  }

  @Test
  void onlyChannelEvidenceRecordsMoneyTakenAfterALocalClose() {
    Payment payment = openPayment(Channel.ALIPAY);
    close(payment);

    var localClaim = succeed(payment, TransitionSource.API);
    var channelProof = succeed(payment, TransitionSource.CLOSE);

    assertThat(localClaim).isEqualTo(TransitionOutcome.lost(PaymentStatus.CLOSED));
    assertThat(channelProof).isEqualTo(TransitionOutcome.won(PaymentStatus.SUCCESS));
    assertThat(journal.entriesOf(Aggregate.PAYMENT, payment.payId()))
        .extracting(JournalEntry::toStatus)
        .containsExactly("INIT", "CLOSED", "SUCCESS");
  }

  @Test
  void anOrderHasOneInFlightPaymentWhateverTheChannel() {
    Order order = createOrder();
    OpenedPayment first = opener.open(order.id(), Channel.ALIPAY, "req-1", null);

    OpenedPayment second = opener.open(order.id(), Channel.WECHAT, "req-2", null);

    assertThat(first.created()).isTrue();
    assertThat(second.created()).isFalse();
    assertThat(second.payment().payId()).isEqualTo(first.payment().payId());
    assertThat(second.payment().channel()).isEqualTo(Channel.ALIPAY);
  }

  @Test
  void closingAPaymentFreesTheSlotForANewOne() {
    Order order = createOrder();
    Payment first = opener.open(order.id(), Channel.ALIPAY, null, null).payment();
    close(first);

    OpenedPayment second = opener.open(order.id(), Channel.WECHAT, null, clock.instant());

    assertThat(second.created()).isTrue();
    assertThat(second.payment().outTradeNo()).isNotEqualTo(first.outTradeNo());
    assertThat(payments.findByOrderId(order.id()))
        .extracting(Payment::status)
        .containsExactly(PaymentStatus.CLOSED, PaymentStatus.INIT);
  }

  @Test
  void openingTheFirstPaymentMovesTheOrderToPaying() {
    Order order = createOrder();

    opener.open(order.id(), Channel.ALIPAY, null, null);

    assertThat(orderService.find(TestApps.ref(order.orderNo())).orElseThrow().status())
        .isEqualTo(OrderStatus.PAYING);
    assertThat(journal.entriesOf(Aggregate.ORDER, order.id()))
        .extracting(JournalEntry::toStatus)
        .containsExactly("CREATED", "PAYING");
  }

  @Test
  void aPaidOrderTakesNoNewPayment() {
    Order order = createOrder();
    Payment payment = opener.open(order.id(), Channel.ALIPAY, null, null).payment();
    succeed(payment, TransitionSource.NOTIFY);
    orderTransitions.markPaid(
        order.id(), payment.payId(), payment.outTradeNo(), TransitionSource.NOTIFY, "paid");

    assertThatThrownBy(() -> opener.open(order.id(), Channel.WECHAT, null, null))
        .isInstanceOf(OrderNotPayableException.class);
    assertThat(payments.findByOrderId(order.id())).hasSize(1);
  }

  @Test
  void aClosedOrderTakesNoNewPayment() {
    Order order = createOrder();
    orderTransitions.apply(order.id(), OrderStatus.CLOSED, TransitionSource.API, "cancelled");

    assertThatThrownBy(() -> opener.open(order.id(), Channel.ALIPAY, null, null))
        .isInstanceOf(OrderNotPayableException.class)
        .extracting(e -> ((OrderNotPayableException) e).status())
        .isEqualTo(OrderStatus.CLOSED);
    assertThat(payments.findByOrderId(order.id())).isEmpty();
  }

  @Test
  void aChannelTradeNumberBelongsToOnePaymentPerChannel() {
    Payment first = openPayment(Channel.ALIPAY);
    Payment second = openPayment(Channel.ALIPAY);
    Payment onWechat = openPayment(Channel.WECHAT);
    String tradeNo = "T" + first.outTradeNo();
    apply(first, PaymentStatus.SUCCESS, TransitionSource.NOTIFY, ChannelFields.tradeNo(tradeNo));

    assertThatThrownBy(
            () ->
                apply(
                    second,
                    PaymentStatus.SUCCESS,
                    TransitionSource.NOTIFY,
                    ChannelFields.tradeNo(tradeNo)))
        .isInstanceOf(DuplicateKeyException.class);
    assertThat(
            apply(
                onWechat,
                PaymentStatus.SUCCESS,
                TransitionSource.NOTIFY,
                ChannelFields.tradeNo(tradeNo)))
        .isEqualTo(TransitionOutcome.won(PaymentStatus.SUCCESS));
    assertThat(payments.findById(second.payId()).orElseThrow().status())
        .isEqualTo(PaymentStatus.INIT);
  }

  @Test
  void conflictingLocalDecisionsHaveExactlyOneWinner() throws Exception {
    Payment payment = openPayment(Channel.ALIPAY);

    List<TransitionOutcome<PaymentStatus>> outcomes =
        race(
            i ->
                () ->
                    apply(
                        payment,
                        i % 2 == 0 ? PaymentStatus.CLOSED : PaymentStatus.FAIL,
                        TransitionSource.API,
                        ChannelFields.none()));

    assertThat(outcomes.stream().filter(TransitionOutcome::won)).hasSize(1);
    PaymentStatus winner =
        outcomes.stream().filter(TransitionOutcome::won).findFirst().get().current();
    assertThat(outcomes).allMatch(outcome -> outcome.current() == winner);
    assertThat(journal.entriesOf(Aggregate.PAYMENT, payment.payId()))
        .extracting(JournalEntry::toStatus)
        .containsExactly("INIT", winner.name());
    assertThat(payments.findInFlight(payment.orderId())).isEmpty();
  }

  @Test
  void concurrentSuccessAndCloseRecordTheSuccessExactlyOnce() throws Exception {
    Payment payment = openPayment(Channel.ALIPAY);
    String tradeNo = "T" + payment.outTradeNo();

    List<TransitionOutcome<PaymentStatus>> outcomes =
        race(
            i ->
                () ->
                    switch (i % 3) {
                      case 0 ->
                          apply(
                              payment,
                              PaymentStatus.SUCCESS,
                              TransitionSource.NOTIFY,
                              ChannelFields.tradeNo(tradeNo));
                      case 1 -> close(payment);
                      default ->
                          apply(
                              payment,
                              PaymentStatus.SUCCESS,
                              TransitionSource.QUERY,
                              ChannelFields.tradeNo(tradeNo));
                    });

    List<String> journaled =
        journal.entriesOf(Aggregate.PAYMENT, payment.payId()).stream()
            .map(JournalEntry::toStatus)
            .toList();
    long successWins =
        outcomes.stream().filter(o -> o.won() && o.current() == PaymentStatus.SUCCESS).count();
    assertThat(successWins).isEqualTo(1);
    assertThat(Collections.frequency(journaled, "SUCCESS")).isEqualTo(1);
    // A close may win before the channel's proof arrives, never after it.
    assertThat(journaled).isIn(List.of("INIT", "SUCCESS"), List.of("INIT", "CLOSED", "SUCCESS"));
    assertThat(outbox.eventsOf(Aggregate.PAYMENT, payment.payId()))
        .filteredOn(event -> event.eventType().equals("PaymentSucceeded"))
        .hasSize(1);
    assertThat(payments.findById(payment.payId()).orElseThrow().status())
        .isEqualTo(PaymentStatus.SUCCESS);
  }

  @Test
  void concurrentOpensCreateOnePaymentPerOrder() throws Exception {
    Order order = createOrder();

    List<OpenedPayment> opened =
        race(
            i ->
                () ->
                    opener.open(
                        order.id(), i % 2 == 0 ? Channel.ALIPAY : Channel.WECHAT, "r" + i, null));

    assertThat(opened.stream().filter(OpenedPayment::created)).hasSize(1);
    assertThat(opened)
        .extracting(o -> o.payment().payId())
        .containsOnly(opened.get(0).payment().payId());
    assertThat(payments.findByOrderId(order.id())).hasSize(1);
  }

  @Test
  void theDatabaseRefusesASecondInFlightPaymentUnderConcurrentInserts() throws Exception {
    Order order = createOrder();
    opener.open(order.id(), Channel.ALIPAY, null, null);
    close(payments.findInFlight(order.id()).orElseThrow());

    // Straight to the table, without the order lock that PaymentOpener takes first.
    List<String> results =
        race(
            i ->
                () -> {
                  try {
                    transactions.executeWithoutResult(
                        status ->
                            payments.insertInFlight(
                                order,
                                i % 2 == 0 ? Channel.ALIPAY : Channel.WECHAT,
                                PaymentKind.QR,
                                TestNumbers.orderNo("R").substring(0, 30) + i,
                                null,
                                null,
                                null,
                                "bootstrap",
                                clock.instant(),
                                null,
                                clock.instant()));
                    return "inserted";
                  } catch (DuplicateKeyException | PessimisticLockingFailureException refused) {
                    // Refused either way: by the unique key, or — InnoDB, when several losers
                    // wait on the winner's key at once — as a deadlock victim, rolled back.
                    // That transaction is over (aborted on PostgreSQL): read in a new one.
                    return transactions
                        .execute(status -> payments.findInFlight(order.id()))
                        .map(p -> "found")
                        .orElse("missing");
                  }
                });

    assertThat(results).containsOnlyOnce("inserted").doesNotContain("missing");
    assertThat(payments.findByOrderId(order.id()))
        .extracting(Payment::status)
        .containsExactly(PaymentStatus.CLOSED, PaymentStatus.INIT);
  }

  private <T> List<T> race(IntFunction<Callable<T>> task) throws Exception {
    ExecutorService pool = Executors.newFixedThreadPool(THREADS);
    try {
      CountDownLatch ready = new CountDownLatch(THREADS);
      CountDownLatch start = new CountDownLatch(1);
      List<Future<T>> futures = new ArrayList<>();
      for (int i = 0; i < THREADS; i++) {
        Callable<T> work = task.apply(i);
        futures.add(
            pool.submit(
                () -> {
                  ready.countDown();
                  start.await();
                  return work.call();
                }));
      }
      assertThat(ready.await(30, TimeUnit.SECONDS)).isTrue();
      start.countDown();
      List<T> results = new ArrayList<>();
      for (Future<T> future : futures) {
        results.add(future.get(60, TimeUnit.SECONDS));
      }
      return results;
    } finally {
      pool.shutdownNow();
    }
  }

  private Order createOrder() {
    return orderService
        .create(
            new NewOrder(
                TestApps.APP_ID,
                TestNumbers.orderNo("PAY"),
                "user-1",
                Money.parse("12.34", "CNY"),
                "A test order"))
        .order();
  }

  private Payment openPayment(Channel channel) {
    return opener.open(createOrder().id(), channel, null, null).payment();
  }

  private TransitionOutcome<PaymentStatus> succeed(Payment payment, TransitionSource source) {
    return apply(payment, PaymentStatus.SUCCESS, source, ChannelFields.none());
  }

  private TransitionOutcome<PaymentStatus> close(Payment payment) {
    return apply(payment, PaymentStatus.CLOSED, TransitionSource.API, ChannelFields.none());
  }

  private TransitionOutcome<PaymentStatus> apply(
      Payment payment, PaymentStatus target, TransitionSource source, ChannelFields fields) {
    return transitions.apply(payment.payId(), target, source, "test", fields);
  }
}
