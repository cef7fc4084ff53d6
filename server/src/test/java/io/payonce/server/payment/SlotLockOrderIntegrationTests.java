package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.channel.Channel;
import io.payonce.server.chaos.CrashPoints;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.Latches;
import io.payonce.server.testing.LockWaits;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The order's one payable slot is entered (a payment opened) and left (a payment closed, failed or
 * paid) under one lock order — the order row, then the payment — so that a close and an open of the
 * same order wait for each other instead of deadlocking. The interleaving is forced with latches:
 * the opener is held at its {@code after-order-lock} point while the close starts. On each database
 * through the {@code OnH2}, {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class SlotLockOrderIntegrationTests {

  private static final Duration BLOCKED = Duration.ofSeconds(20);
  private static final String OPENER = "slot-opener";

  @Autowired OrderService orderService;
  @Autowired PaymentOpener opener;
  @Autowired PaymentTransitions transitions;
  @Autowired PaymentRepository payments;
  @Autowired TransactionTemplate transactions;
  @Autowired DataSource dataSource;
  @Autowired MeterRegistry meters;

  private final ExecutorService threads = Executors.newCachedThreadPool();

  @AfterEach
  void tearDown() {
    CrashPoints.disarm();
    threads.shutdownNow();
  }

  @Test
  void aCloseAndAnOpenOfTheSameOrderWaitForEachOtherInsteadOfDeadlocking() throws Exception {
    Order order = createOrder();
    CountDownLatch openerLocked = new CountDownLatch(1);
    CountDownLatch openerGoes = new CountDownLatch(1);
    CrashPoints.arm(
        Map.of("after-order-lock", 1.0),
        1,
        point -> {
          if (Thread.currentThread().getName().equals(OPENER)) {
            openerLocked.countDown();
            pass(openerGoes);
          }
        });
    double victimsBefore = meters.counter("payonce.db.lock-victims").count();

    // A first request's payment, inserted and not yet committed when the second one looks for it.
    CountDownLatch firstInserted = new CountDownLatch(1);
    CountDownLatch firstCommits = new CountDownLatch(1);
    Future<Payment> first =
        submit(
            "slot-first",
            () ->
                transactions.execute(
                    status -> {
                      Payment opened =
                          opener.open(order.id(), Channel.ALIPAY, null, null).payment();
                      firstInserted.countDown();
                      pass(firstCommits);
                      return opened;
                    }));
    pass(firstInserted);
    // The second finds none in flight and waits for the order's lock; it takes it once the first
    // commits, and stops there, holding it.
    Future<OpenedPayment> second =
        submit(OPENER, () -> opener.open(order.id(), Channel.WECHAT, null, null));
    await().atMost(BLOCKED).until(() -> LockWaits.count(dataSource) > 0);
    firstCommits.countDown();
    Payment current = first.get(BLOCKED.toSeconds(), TimeUnit.SECONDS);
    pass(openerLocked);

    // Meanwhile the first payment is closed (a refresh replacing it), in a transaction held open.
    CountDownLatch closed = new CountDownLatch(1);
    CountDownLatch closeCommits = new CountDownLatch(1);
    Future<TransitionOutcome<PaymentStatus>> close =
        submit(
            "slot-closer",
            () ->
                transactions.execute(
                    status -> {
                      TransitionOutcome<PaymentStatus> outcome =
                          transitions.apply(
                              current.payId(),
                              PaymentStatus.CLOSED,
                              TransitionSource.API,
                              "replaced",
                              ChannelFields.none());
                      closed.countDown();
                      pass(closeCommits);
                      return outcome;
                    }));
    // The close waits for the order's lock (on MariaDB without it, for the order's foreign key
    // check, holding the slot's key entry); where it does not wait, it has moved the payment.
    await().atMost(BLOCKED).until(() -> closed.getCount() == 0 || LockWaits.count(dataSource) > 0);

    openerGoes.countDown();
    await().atMost(BLOCKED).until(() -> second.isDone() || LockWaits.count(dataSource) > 0);
    closeCommits.countDown();

    assertThat(close.get(BLOCKED.toSeconds(), TimeUnit.SECONDS))
        .isEqualTo(TransitionOutcome.won(PaymentStatus.CLOSED));
    OpenedPayment opened = second.get(BLOCKED.toSeconds(), TimeUnit.SECONDS);
    assertThat(meters.counter("payonce.db.lock-victims").count())
        .as("deadlock victims")
        .isEqualTo(victimsBefore);
    if (!opened.created()) {
      // It found the first payment still in flight, as it stood before the close committed.
      assertThat(opened.payment().payId()).isEqualTo(current.payId());
      // The caller's next attempt (as a refresh makes) finds the slot free.
      assertThat(opener.open(order.id(), Channel.WECHAT, null, null).created()).isTrue();
    }
    assertThat(payments.findByOrderId(order.id()))
        .filteredOn(p -> p.status().isInFlight())
        .as("payments in flight")
        .hasSize(1);
  }

  private <T> Future<T> submit(String name, Callable<T> work) {
    return threads.submit(
        () -> {
          Thread.currentThread().setName(name);
          return work.call();
        });
  }

  private static void pass(CountDownLatch latch) {
    Latches.pass(latch, BLOCKED);
  }

  private Order createOrder() {
    return orderService.create(TestApps.newOrder("SLOT", "12.34")).order();
  }
}
