package io.payonce.server.db;

import static org.assertj.core.api.Assertions.assertThat;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.Latches;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Two transactions that lock the same two rows in opposite orders: the database breaks the cycle by
 * rolling one back, and the transaction template runs that one again once its rival has committed,
 * so both callers succeed and neither sees the conflict (which would have been a 503 to a client
 * who did nothing wrong). The interleaving is forced with latches. On MariaDB and PostgreSQL
 * through the {@code OnMariaDb} and {@code OnPostgres} subclasses.
 */
@PayOnceIntegrationTest
abstract class LockVictimRetryIntegrationTests {

  private static final Duration BLOCKED = Duration.ofSeconds(20);

  @Autowired OrderService orders;
  @Autowired TransactionTemplate transactions;
  @Autowired MeterRegistry meters;

  private final ExecutorService threads = Executors.newFixedThreadPool(2);

  @AfterEach
  void tearDown() {
    threads.shutdownNow();
  }

  @Test
  void aDeadlockVictimRunsAgainAndBothTransactionsCommit() throws Exception {
    long a = createOrder().id();
    long b = createOrder().id();
    CountDownLatch bothHoldTheirFirst = new CountDownLatch(2);
    AtomicInteger runs = new AtomicInteger();
    double victimsBefore = meters.counter("payonce.db.lock-victims").count();

    Future<Long> first = threads.submit(() -> lockBoth(a, b, bothHoldTheirFirst, runs));
    Future<Long> second = threads.submit(() -> lockBoth(b, a, bothHoldTheirFirst, runs));

    assertThat(first.get(BLOCKED.toSeconds(), TimeUnit.SECONDS)).isEqualTo(b);
    assertThat(second.get(BLOCKED.toSeconds(), TimeUnit.SECONDS)).isEqualTo(a);
    // A victim's second run can take its first row again before the winner wakes to take it, and
    // the two deadlock once more (seen in CI on PostgreSQL): each victim costs one more run, never
    // a failure.
    int victims = (int) (meters.counter("payonce.db.lock-victims").count() - victimsBefore);
    assertThat(victims).as("lock victims").isBetween(1, 3);
    assertThat(runs).as("callbacks run: both, and each victim again").hasValue(2 + victims);
  }

  @Test
  void aTransactionThatJoinsItsCallersFailsWithItAndOnlyTheOutermostRunsAgain() throws Exception {
    long a = createOrder().id();
    long b = createOrder().id();
    CountDownLatch bothHoldTheirFirst = new CountDownLatch(2);
    AtomicInteger runs = new AtomicInteger();
    AtomicInteger outerRuns = new AtomicInteger();
    double victimsBefore = meters.counter("payonce.db.lock-victims").count();

    Future<Long> first =
        threads.submit(
            () ->
                transactions.execute(
                    status -> {
                      outerRuns.incrementAndGet();
                      return lockBoth(a, b, bothHoldTheirFirst, runs);
                    }));
    Future<Long> second = threads.submit(() -> lockBoth(b, a, bothHoldTheirFirst, runs));

    assertThat(first.get(BLOCKED.toSeconds(), TimeUnit.SECONDS)).isEqualTo(b);
    assertThat(second.get(BLOCKED.toSeconds(), TimeUnit.SECONDS)).isEqualTo(a);
    int victims = (int) (meters.counter("payonce.db.lock-victims").count() - victimsBefore);
    assertThat(victims).as("lock victims").isBetween(1, 3);
    assertThat(runs).hasValue(2 + victims);
    // Whichever was the victim, the inner callback never ran again on its own inside a
    // transaction the database had already rolled back: each victim ran its outermost
    // transaction again (a try of the first is one outer and one inner run, a try of the second
    // one run; the first tried once, or once more for each victim).
    assertThat(outerRuns.get() + runs.get()).isBetween(3 + victims, 3 + 2 * victims);
  }

  /**
   * Locks {@code one}, waits until the other thread holds its first row, then locks {@code two}.
   */
  private long lockBoth(long one, long two, CountDownLatch bothHoldTheirFirst, AtomicInteger runs) {
    return transactions.execute(
        status -> {
          runs.incrementAndGet();
          orders.lockStatus(one).orElseThrow();
          bothHoldTheirFirst.countDown();
          pass(bothHoldTheirFirst);
          orders.lockStatus(two).orElseThrow();
          return two;
        });
  }

  private static void pass(CountDownLatch latch) {
    Latches.pass(latch, BLOCKED);
  }

  private Order createOrder() {
    return orders.create(TestApps.newOrder("VICTIM", "12.34")).order();
  }
}
