package io.payonce.chaos.workload;

import io.payonce.chaos.http.Reply;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.function.Supplier;

/**
 * One order's story, with its own random source derived from the run's seed and its index: every
 * choice a flow makes is drawn from it up front (the plan), so the same seed gives the same plans
 * whatever the answers were.
 */
final class Scenario {

  private static final Set<String> SETTLED =
      Set.of("PAID", "CLOSED", "REFUNDING", "PARTIALLY_REFUNDED", "REFUNDED");

  final int index;
  final String orderNo;
  final String userId;
  final long amount;
  final SplittableRandom random;
  final Actors actors;

  Scenario(int index, SplittableRandom random, Actors actors) {
    this.index = index;
    this.orderNo = "o" + index;
    this.userId = "u" + random.nextInt(1000);
    this.amount = 100 + random.nextLong(99_900);
    this.random = random;
    this.actors = actors;
  }

  Actors actors() {
    return actors;
  }

  Merchant merchant() {
    return actors.merchant();
  }

  Buyer buyer() {
    return actors.buyer();
  }

  /** Any entry: the load balancer one time in three, else an instance directly. */
  Target pick() {
    return random.nextInt(3) == 0 ? actors.lb() : instance(random.nextInt(instanceCount()));
  }

  Target instance(int index) {
    return actors.instances().get(index % instanceCount());
  }

  int instanceCount() {
    return actors.instances().size();
  }

  /** Two different instances, for cross-instance races. */
  Target[] twoInstances() {
    int first = random.nextInt(instanceCount());
    int second = (first + 1 + random.nextInt(instanceCount() - 1)) % instanceCount();
    return new Target[] {instance(first), instance(second)};
  }

  boolean chance(double p) {
    return random.nextDouble() < p;
  }

  int between(int fromInclusive, int toExclusive) {
    return fromInclusive + random.nextInt(Math.max(1, toExclusive - fromInclusive));
  }

  String buyerId() {
    return "2088"
        + String.format("%012d", Math.abs((long) orderNo.hashCode()) % 1_000_000_000_000L);
  }

  /** The buyer's openid at WeChat (the payer a JSAPI payment names), stable for the order. */
  String openid() {
    return "oChaos" + String.format("%022d", index);
  }

  void note(String what) {
    actors.notes().add(orderNo, what);
  }

  /** Runs the calls at the same moment on the shared pool; their answers in order. */
  List<Reply> together(List<Callable<Reply>> calls) {
    CountDownLatch go = new CountDownLatch(1);
    List<Future<Reply>> futures = new ArrayList<>();
    for (Callable<Reply> call : calls) {
      futures.add(
          actors
              .parallel()
              .submit(
                  () -> {
                    go.await();
                    return call.call();
                  }));
    }
    go.countDown();
    List<Reply> replies = new ArrayList<>();
    for (Future<Reply> future : futures) {
      try {
        replies.add(future.get());
      } catch (ExecutionException e) {
        replies.add(new Reply(-1, "", java.util.Map.of(), e.getCause().toString()));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        replies.add(new Reply(-1, "", java.util.Map.of(), "interrupted"));
      }
    }
    return replies;
  }

  /** The call again (1 s apart) while its answer says to retry, at most {@code attempts} times. */
  Reply retrying(Supplier<Reply> call, int attempts) {
    Reply reply = call.get();
    for (int i = 1; i < attempts && reply.retryable(); i++) {
      sleep(700);
      reply = call.get();
    }
    return reply;
  }

  /** Creates the order through the load balancer; false if it could not. */
  boolean createOrder() {
    Reply created =
        retrying(() -> merchant().createOrder(actors.lb(), orderNo, userId, amount), 15);
    if (created.status() != 201 && created.status() != 200) {
      note("order not created: " + created.brief());
      return false;
    }
    return true;
  }

  /** Polls GET /pay/query until the order is settled or {@code timeout} passed; its last answer. */
  Reply awaitSettled(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    Reply last;
    int i = 0;
    do {
      last = merchant().query(instance(i++), orderNo);
      if (last.ok() && SETTLED.contains(last.text("orderStatus"))) {
        return last;
      }
      sleep(800);
    } while (System.nanoTime() < deadline);
    return last;
  }

  /** The order's payment still in flight as {@code "outTradeNo STATUS"}, or null. */
  String inFlight() {
    Reply order = merchant().order(actors.lb(), orderNo);
    if (!order.ok()) {
      return null;
    }
    for (var payment : order.json().path("payments")) {
      String status = payment.path("status").asString();
      if (Set.of("INIT", "PRECREATED", "PAYING").contains(status)) {
        return payment.path("outTradeNo").asString() + " " + status;
      }
    }
    return null;
  }

  /**
   * After a close answered 200 CLOSED, nothing of the order may still be payable; the workload
   * records it when something is.
   */
  void closedMeansClosed(Reply close, Target via) {
    if (close.status() != 200 || !"CLOSED".equals(close.text("orderStatus"))) {
      return;
    }
    String live = inFlight();
    if (live != null) {
      actors
          .exchanges()
          .breach(
              new Exchanges.Breach(
                  orderNo,
                  "close via "
                      + via.name()
                      + " answered 200 CLOSED, payment "
                      + live
                      + " after it"));
      note("after the close, payment " + live + " is still payable");
    }
  }

  /** Polls (up to {@code within}) for the order's payment in one of {@code statuses}. */
  String awaitPaymentIn(Set<String> statuses, long withinMillis) {
    long deadline = System.nanoTime() + withinMillis * 1_000_000;
    String found = paymentIn(statuses);
    while (found == null && System.nanoTime() < deadline) {
      sleep(100);
      found = paymentIn(statuses);
    }
    return found;
  }

  /** The out_trade_no of the order's payment in a status among {@code statuses}, or null. */
  String paymentIn(Set<String> statuses) {
    Reply order = merchant().order(actors.lb(), orderNo);
    if (!order.ok()) {
      return null;
    }
    for (var payment : order.json().path("payments")) {
      if (statuses.contains(payment.path("status").asString())) {
        return payment.path("outTradeNo").asString();
      }
    }
    return null;
  }

  static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
