package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.app.AppAdmin;
import io.payonce.server.app.Apps;
import io.payonce.server.chaos.CrashPoints;
import io.payonce.server.db.UpdateReturning;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.EventEnvelope;
import io.payonce.server.outbox.OutboxRelay;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.PaymentOpener;
import io.payonce.server.testing.IndexedColumns;
import io.payonce.server.testing.MutableClock;
import io.payonce.server.testing.PaidOrders;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.StatementLog;
import io.payonce.server.testing.TestApps;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.test.context.TestPropertySource;
import org.springframework.transaction.PlatformTransactionManager;

/**
 * Per-app webhooks end to end, minus HTTP on the way in: paid orders of several apps, the relay's
 * hand-off, and the dispatcher posting to real HTTP receivers; the business clock is moved through
 * the retry schedule instead of waiting.
 */
@PayOnceIntegrationTest
@TestPropertySource(
    properties = {
      "payonce.webhooks.retry-schedule=1m,5m,30m",
      "payonce.webhooks.lease=30s",
      "payonce.webhooks.timeout=5s",
      "payonce.webhooks.concurrency=16",
      "payonce.webhooks.per-app-concurrency=8"
    })
abstract class WebhookDeliveryIntegrationTests {

  // One per concrete class: each database's class opens its own and closes it when done.
  static WebhookReceiver receiver;

  @Autowired OutboxRelay relay;
  @Autowired WebhookHandoff handoff;
  @Autowired EventOwners owners;
  @Autowired org.springframework.jdbc.core.simple.JdbcClient jdbc;
  @Autowired io.payonce.server.outbox.EventEnvelopes envelopes;
  @Autowired WebhookDispatcher dispatcher;
  @Autowired WebhookDeliveries deliveries;
  @Autowired DeliveryRepository repository;
  @Autowired WebhookPoster poster;
  @Autowired WebhookProperties props;
  @Autowired Apps apps;
  @Autowired AppAdmin admin;
  @Autowired Alarms alarms;
  @Autowired MeterRegistry meters;
  @Autowired PlatformTransactionManager transactionManager;
  @Autowired OrderService orderService;
  @Autowired PaymentOpener opener;
  @Autowired ChannelResultApplier applier;
  @Autowired MutableClock clock;
  @Autowired UpdateReturning returning;

  /** An app of this test, its webhook secret and its receiver's path. */
  record TestApp(String id, String secret, String path) {}

  @BeforeAll
  static void startReceiver() {
    receiver = new WebhookReceiver();
  }

  @AfterAll
  static void stopReceiver() {
    receiver.close();
  }

  // No index covers what a claim writes: on PostgreSQL the claim's UPDATE can then be a HOT update,
  // which writes no index entry (V85).
  @Test
  void noIndexCoversTheColumnsAClaimWrites() throws Exception {
    assertThat(
            IndexedColumns.of(
                ((org.springframework.jdbc.datasource.DataSourceTransactionManager)
                        transactionManager)
                    .getDataSource(),
                "webhook_delivery"))
        .contains("id", "next_attempt_at", "order_no")
        .doesNotContain("claim_token", "claim_until", "attempts", "updated_at");
  }

  @Test
  void eachAppReceivesOnlyItsOwnEventsSignedWithItsOwnSecret() {
    TestApp a = app("two-a");
    TestApp b = app("two-b");
    String orderA = pay(a, null);
    String orderB = pay(b, null);

    deliverUntil(
        () -> allIn(orderA, DeliveryState.DELIVERED) && allIn(orderB, DeliveryState.DELIVERED));

    assertReceivedOnly(a, orderA, b.secret());
    assertReceivedOnly(b, orderB, a.secret());
    assertThat(receiver.at(a.path()))
        .extracting(WebhookReceiver.Received::type)
        .contains("OrderPaid");
    assertThat(deliveries.ofOrder(orderA))
        .allSatisfy(d -> assertThat(d.url()).isEqualTo(receiver.url(a.path())))
        .allSatisfy(d -> assertThat(d.destination()).isEqualTo("APP"));
  }

  @Test
  void anOrdersOwnNotifyUrlWinsOverItsAppsAndIsSignedWithTheAppsSecret() {
    TestApp c = app("notify");
    String orderPath = "/notify-order-" + UUID.randomUUID();
    String orderNo = pay(c, receiver.url(orderPath));

    deliverUntil(() -> allIn(orderNo, DeliveryState.DELIVERED));

    assertThat(receiver.at(c.path())).isEmpty();
    List<WebhookReceiver.Received> atOrder = receiver.at(orderPath);
    assertThat(atOrder).isNotEmpty().allSatisfy(r -> assertSignedWith(r, c.secret()));
    assertThat(deliveries.ofOrder(orderNo))
        .allSatisfy(d -> assertThat(d.destination()).isEqualTo("ORDER"));
  }

  @Test
  void aReceiverAnswering500IsRetriedAfterTheSchedulesWaitAndEveryAttemptIsRecorded() {
    TestApp d = app("flaky");
    receiver.script(d.path(), 500);
    String orderNo = pay(d, null);

    deliverUntil(() -> settled(orderNo));
    WebhookDelivery refused = only(orderNo, DeliveryState.PENDING);
    WebhookAttempt first = refused.attempts().get(0);
    assertThat(first.statusCode()).isEqualTo(500);
    assertThat(first.failure()).isEqualTo("HTTP 500");
    assertThat(first.stateAfter()).isEqualTo(DeliveryState.PENDING);
    assertThat(first.latencyMs()).isBetween(0L, props.timeout().toMillis());
    assertThat(refused.nextAttemptAt())
        .isBetween(
            first.startedAt().plus(Duration.ofMinutes(1)), first.startedAt().plusSeconds(70));
    // Not due yet: another pass leaves it alone, and an operator cannot resend it meanwhile.
    dispatchAndSettle();
    assertThat(deliveries.find(refused.id()).orElseThrow().attempts()).hasSize(1);
    assertThatThrownBy(() -> deliveries.resend(refused.id(), "test"))
        .isInstanceOf(DeliveryNotResendableException.class);

    clock.advance(Duration.ofMinutes(1).plusSeconds(1));
    deliverUntil(() -> allIn(orderNo, DeliveryState.DELIVERED));

    WebhookDelivery delivered = deliveries.find(refused.id()).orElseThrow();
    assertThat(delivered.attempts())
        .extracting(
            WebhookAttempt::attemptNo, WebhookAttempt::statusCode, WebhookAttempt::stateAfter)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, 500, DeliveryState.PENDING),
            org.assertj.core.groups.Tuple.tuple(2, 200, DeliveryState.DELIVERED));
    assertThat(
            receiver.ofOrder(orderNo).stream().filter(r -> r.eventId().equals(refused.eventId())))
        .hasSize(2);
  }

  @Test
  void aReceiverDownThroughTheWholeScheduleIsParkedAndAlarmedThenAnOperatorsResendDelivers() {
    TestApp e = app("down");
    receiver.down(e.path(), true);
    double parkedBefore = meters.counter("payonce.webhooks.parked").count();
    String orderNo = pay(e, null);

    deliverUntil(() -> attemptsOf(orderNo, 1));
    int pendingNow = deliveries.ofOrder(orderNo).size();
    assertThat(meters.get("payonce.webhooks.pending").gauge().value())
        .isGreaterThanOrEqualTo(pendingNow);
    List<WebhookDelivery> parked = parkedAfterTheWholeSchedule(orderNo);
    assertThat(parked)
        .allSatisfy(
            d ->
                assertThat(d.attempts())
                    .allSatisfy(a -> assertThat(a.statusCode()).isEqualTo(503)));
    assertThat(meters.counter("payonce.webhooks.parked").count() - parkedBefore)
        .isEqualTo(parked.size());
    WebhookDelivery first = parked.get(0);
    assertThat(alarms.open(1000))
        .anySatisfy(
            alarm -> {
              assertThat(alarm.type()).isEqualTo(AlarmType.WEBHOOK_PARKED);
              assertThat(alarm.detail()).contains("webhook delivery " + first.id() + " ");
            });
    // The schedule is exhausted: nothing more is tried on its own.
    clock.advance(Duration.ofHours(1));
    dispatchAndSettle();
    assertThat(deliveries.find(first.id()).orElseThrow().state()).isEqualTo(DeliveryState.PARKED);

    receiver.down(e.path(), false);
    WebhookDelivery resent = deliveries.resend(first.id(), "test");

    assertThat(resent.state()).isEqualTo(DeliveryState.DELIVERED);
    WebhookAttempt last = resent.attempts().get(resent.attempts().size() - 1);
    assertThat(last.cause()).isEqualTo(WebhookDispatcher.RESEND);
    assertThat(last.statusCode()).isEqualTo(200);
    assertThat(last.stateAfter()).isEqualTo(DeliveryState.DELIVERED);
    assertThat(resent.attempts()).hasSize(2 + props.retrySchedule().size());

    // A delivered one may be sent again too: one more attempt, still DELIVERED.
    WebhookDelivery again = deliveries.resend(first.id(), "test");
    assertThat(again.state()).isEqualTo(DeliveryState.DELIVERED);
    assertThat(again.attempts()).hasSize(3 + props.retrySchedule().size());
    assertThat(receiver.at(e.path()).stream().filter(r -> r.eventId().equals(first.eventId())))
        .hasSize(3 + props.retrySchedule().size());
  }

  @Test
  void twoDispatchersRacingDeliverEveryEventAndMarkEachDeliveredOnce() throws Exception {
    TestApp f = app("race");
    List<String> orders = List.of(pay(f, null), pay(f, null), pay(f, null), pay(f, null));
    relay.drain();
    WebhookDispatcher other = anotherDispatcher();
    ExecutorService both = Executors.newFixedThreadPool(2);
    try {
      await()
          .atMost(Duration.ofSeconds(60))
          .until(
              () -> {
                both.invokeAll(List.of(() -> dispatcher.dispatchDue(), () -> other.dispatchDue()));
                return orders.stream().allMatch(no -> allIn(no, DeliveryState.DELIVERED));
              });
    } finally {
      both.shutdownNow();
      other.stop();
    }

    List<WebhookDelivery> all =
        orders.stream().flatMap(no -> deliveries.ofOrder(no).stream()).toList();
    assertThat(all).hasSizeGreaterThanOrEqualTo(orders.size());
    assertThat(all).allSatisfy(WebhookDeliveryIntegrationTests::deliveredOnce);
    long attempts = all.stream().mapToLong(d -> d.attempts().size()).sum();
    assertThat(receiver.at(f.path())).hasSize((int) attempts);
    assertThat(receiver.at(f.path()).stream().map(WebhookReceiver.Received::eventId).distinct())
        .containsExactlyInAnyOrderElementsOf(all.stream().map(WebhookDelivery::eventId).toList());
  }

  @Test
  void aLeaseTakenOverMidPostLosesNoAttemptAndChangesTheStateOnce() {
    TestApp g = app("lease");
    String orderNo = pay(g, null);
    relay.drain();
    int n = deliveries.ofOrder(orderNo).size();
    assertThat(n).isBetween(1, props.perAppConcurrency());
    // The first holder's POSTs are answered 500, after the second holder has taken them over.
    receiver.script(g.path(), java.util.Collections.nCopies(n, 500).toArray(Integer[]::new));
    CountDownLatch release = receiver.hold(g.path());
    WebhookDispatcher other = anotherDispatcher();
    try {
      dispatcher.dispatchDue();
      await().atMost(Duration.ofSeconds(10)).until(() -> receiver.at(g.path()).size() == n);
      clock.advance(props.lease().plusSeconds(1));
      other.dispatchDue();
      await().atMost(Duration.ofSeconds(10)).until(() -> receiver.at(g.path()).size() == 2 * n);
      release.countDown();
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> dispatcher.inFlight() == 0 && other.inFlight() == 0);
    } finally {
      release.countDown();
      other.stop();
    }

    assertThat(deliveries.ofOrder(orderNo))
        .hasSize(n)
        .allSatisfy(
            d -> {
              assertThat(d.state()).isEqualTo(DeliveryState.DELIVERED);
              assertThat(d.attempts())
                  .extracting(
                      WebhookAttempt::attemptNo,
                      WebhookAttempt::statusCode,
                      WebhookAttempt::stateAfter)
                  .containsExactlyInAnyOrder(
                      org.assertj.core.groups.Tuple.tuple(1, 500, null),
                      org.assertj.core.groups.Tuple.tuple(2, 200, DeliveryState.DELIVERED));
            });
  }

  @Test
  void aCrashBetweenAPostAndItsAttemptRecordPostsTheSameEventAgainAndNeverAnother() {
    TestApp h = app("crash");
    String orderNo = pay(h, null);
    relay.drain();
    int n = deliveries.ofOrder(orderNo).size();
    assertThat(n).isBetween(1, props.perAppConcurrency());
    // A kill -9 right after each delivery's first POST was answered, before anything is recorded.
    AtomicInteger halts = new AtomicInteger();
    CrashPoints.arm(
        Map.of("webhook-after-post", 1.0),
        20261202L,
        point -> {
          if (halts.incrementAndGet() <= n) {
            throw new IllegalStateException("halted at " + point);
          }
        });
    try {
      dispatchAndSettle();

      assertThat(halts).as("POSTs halted after the receiver answered").hasValue(n);
      assertThat(receiver.at(h.path())).hasSize(n);
      assertThat(deliveries.ofOrder(orderNo))
          .allSatisfy(d -> assertThat(d.state()).isEqualTo(DeliveryState.PENDING))
          .allSatisfy(d -> assertThat(d.attempts()).isEmpty());
      // The crashed holder's lease still holds them: nothing is posted until it runs out.
      dispatchAndSettle();
      assertThat(receiver.at(h.path())).hasSize(n);

      clock.advance(props.lease().plusSeconds(1));
      deliverUntil(() -> allIn(orderNo, DeliveryState.DELIVERED));
    } finally {
      CrashPoints.disarm();
    }

    List<WebhookDelivery> delivered = deliveries.ofOrder(orderNo);
    Map<String, List<WebhookReceiver.Received>> byEventId =
        receiver.at(h.path()).stream()
            .collect(Collectors.groupingBy(WebhookReceiver.Received::eventId));
    assertThat(byEventId.keySet())
        .containsExactlyInAnyOrderElementsOf(
            delivered.stream().map(WebhookDelivery::eventId).toList());
    assertThat(byEventId)
        .allSatisfy(
            (eventId, posts) -> {
              assertThat(posts).hasSize(2);
              assertThat(posts)
                  .allSatisfy(
                      r -> assertThat(r.body()).contains("\"eventId\":\"" + eventId + "\""));
              assertThat(posts.get(1).body()).isEqualTo(posts.get(0).body());
              assertSignedWith(posts.get(1), h.secret());
            });
    // The crashed POST left no attempt; the one after it is the second of the delivery.
    assertThat(delivered)
        .allSatisfy(
            d ->
                assertThat(d.attempts())
                    .extracting(
                        WebhookAttempt::attemptNo,
                        WebhookAttempt::statusCode,
                        WebhookAttempt::stateAfter)
                    .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(2, 200, DeliveryState.DELIVERED)));
  }

  @Test
  void aMerchantUrlThatHangsHoldsOnlyItsOwnSlotsWhileOtherAppsAreDelivered() {
    TestApp slow = app("slow");
    TestApp fast = app("fast");
    List<String> slowOrders =
        java.util.stream.IntStream.range(0, 9).mapToObj(i -> pay(slow, null)).toList();
    relay.drain();
    int slowDeliveries = slowOrders.stream().mapToInt(no -> deliveries.ofOrder(no).size()).sum();
    // More than the instance's slots: without the per-app limit they would take them all.
    assertThat(slowDeliveries).isGreaterThan(props.concurrency());
    CountDownLatch release = receiver.hold(slow.path());
    try {
      dispatcher.dispatchDue();
      await()
          .atMost(Duration.ofSeconds(10))
          .until(() -> receiver.at(slow.path()).size() == props.perAppConcurrency());
      String fastOrder = pay(fast, null);

      deliverUntilWithoutSettling(() -> allIn(fastOrder, DeliveryState.DELIVERED));

      // The hanging app still holds just its own slots; the rest of its deliveries wait.
      assertThat(receiver.at(slow.path())).hasSize(props.perAppConcurrency());
      assertThat(dispatcher.inFlight()).isEqualTo(props.perAppConcurrency());
    } finally {
      release.countDown();
    }
    deliverUntil(() -> slowOrders.stream().allMatch(no -> allIn(no, DeliveryState.DELIVERED)));
  }

  @Test
  void anAppsBacklogBeyondItsSlotsDrainsAsPostsFinishWithoutWaitingForTheNextPass() {
    TestApp busy = app("backlog");
    List<String> orders =
        java.util.stream.IntStream.range(0, 6).mapToObj(i -> pay(busy, null)).toList();
    relay.drain();
    int backlog = orders.stream().mapToInt(no -> deliveries.ofOrder(no).size()).sum();
    assertThat(backlog).isGreaterThan(props.perAppConcurrency());

    dispatcher.dispatchDue();

    await()
        .atMost(Duration.ofSeconds(30))
        .until(() -> orders.stream().allMatch(no -> allIn(no, DeliveryState.DELIVERED)));
    assertThat(receiver.at(busy.path())).hasSize(backlog);
  }

  @Test
  void relaysHandingOverTheSameEventsAtOnceAndAgainRecordOneDeliveryEach() throws Exception {
    TestApp r = app("handoff");
    long orderId = orderService.findAnyApp(pay(r, null)).get(0).id();
    relay.drain();
    ExecutorService both = Executors.newFixedThreadPool(2);
    try {
      for (int round = 0; round < 8; round++) {
        List<EventEnvelope> events =
            java.util.stream.IntStream.range(0, 5)
                .mapToObj(i -> envelope("ORDER", orderId))
                .toList();
        java.util.concurrent.CyclicBarrier start = new java.util.concurrent.CyclicBarrier(2);
        java.util.concurrent.Callable<java.util.Set<String>> handOver =
            () -> {
              start.await(10, TimeUnit.SECONDS);
              return handoff.accept(events);
            };
        List<java.util.concurrent.Future<java.util.Set<String>>> taken =
            both.invokeAll(List.of(handOver, handOver));
        java.util.Set<String> again = handoff.accept(events);

        List<String> ids = events.stream().map(EventEnvelope::eventId).toList();
        for (var future : taken) {
          assertThat(future.get()).containsExactlyInAnyOrderElementsOf(ids);
        }
        assertThat(again).containsExactlyInAnyOrderElementsOf(ids);
        assertThat(ids)
            .allSatisfy(
                id ->
                    assertThat(deliveries.ofEvent(id))
                        .singleElement()
                        .satisfies(d -> assertThat(d.url()).isEqualTo(receiver.url(r.path()))));
      }
      // An event of no known owner is taken with nothing to do, beside one that has work.
      EventEnvelope orphan = envelope("ORDER", -1);
      EventEnvelope owned = envelope("ORDER", orderId);
      assertThat(handoff.accept(List.of(orphan, owned)))
          .containsExactlyInAnyOrder(orphan.eventId(), owned.eventId());
      assertThat(deliveries.ofEvent(orphan.eventId())).isEmpty();
      assertThat(deliveries.ofEvent(owned.eventId())).hasSize(1);
      // A batch holding an event handed over before beside a new one: its one transaction is
      // refused, and the new one is recorded all the same.
      EventEnvelope fresh = envelope("ORDER", orderId);
      assertThat(handoff.accept(List.of(owned, fresh)))
          .containsExactlyInAnyOrder(owned.eventId(), fresh.eventId());
      assertThat(deliveries.ofEvent(owned.eventId())).hasSize(1);
      assertThat(deliveries.ofEvent(fresh.eventId())).hasSize(1);
    } finally {
      both.shutdownNow();
    }
  }

  @Test
  void deliveriesWrittenLeasedToADispatchingInstanceArePostedWithoutBeingLookedFor() {
    TestApp b = app("born");
    long orderId = paidAndHandedOver(b);
    WebhookDispatcher dispatching = anotherDispatcher(dispatchingProps(4, 4, 4));
    try {
      List<EventEnvelope> events = eventsOf(orderId, 3);
      assertThat(handoffTo(dispatching).accept(events)).hasSize(3);

      // No pass of any dispatcher: the hand-off gave them to its own.
      await()
          .atMost(Duration.ofSeconds(15))
          .until(() -> events.stream().allMatch(e -> deliveredEvent(e.eventId())));
      assertThat(events)
          .allSatisfy(
              e ->
                  assertThat(deliveries.ofEvent(e.eventId()))
                      .singleElement()
                      .satisfies(
                          d ->
                              assertThat(d.attempts())
                                  .extracting(WebhookAttempt::attemptNo, WebhookAttempt::statusCode)
                                  .containsExactly(org.assertj.core.groups.Tuple.tuple(1, 200))));
      assertThat(receivedOf(b, events).stream().map(WebhookReceiver.Received::eventId))
          .containsExactlyInAnyOrderElementsOf(
              events.stream().map(EventEnvelope::eventId).toList());
    } finally {
      dispatching.stop();
    }
  }

  @Test
  void deliveriesBeyondTheDispatchersRoomAreWrittenForAnyInstanceToClaim() {
    TestApp b = app("room");
    long orderId = paidAndHandedOver(b);
    // Room for one at a time: one leased at birth, the rest unclaimed.
    WebhookDispatcher dispatching = anotherDispatcher(dispatchingProps(1, 1, 0));
    CountDownLatch release = receiver.hold(b.path());
    try {
      List<EventEnvelope> events = eventsOf(orderId, 4);
      handoffTo(dispatching).accept(events);
      await().atMost(Duration.ofSeconds(10)).until(() -> receivedOf(b, events).size() == 1);
      assertThat(
              events.stream()
                  .flatMap(e -> deliveries.ofEvent(e.eventId()).stream())
                  .filter(d -> d.attemptCount() == 0 && d.state() == DeliveryState.PENDING))
          .hasSize(3);
      release.countDown();

      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () -> {
                dispatching.dispatchDue();
                return events.stream().allMatch(e -> deliveredEvent(e.eventId()));
              });
      assertThat(receivedOf(b, events)).hasSize(4);
    } finally {
      release.countDown();
      dispatching.stop();
    }
  }

  @Test
  void aHandedOverBatchOfOneAppIsBornLeasedAsFarAsItsRoomGoesNotCutAtAClaimsBatch() {
    TestApp b = app("born-batch");
    long orderId = paidAndHandedOver(b);
    // Room for 2 x (1 + 2) = 6 of the app, while one claim takes at most 2.
    WebhookDispatcher dispatching = anotherDispatcher(dispatchingProps(2, 2, 2, 2));
    CountDownLatch release = receiver.hold(b.path());
    try {
      List<EventEnvelope> events = eventsOf(orderId, 6);
      assertThat(handoffTo(dispatching).accept(events)).hasSize(6);
      await().atMost(Duration.ofSeconds(10)).until(() -> receivedOf(b, events).size() == 2);

      // All six written leased to it: two in flight, four waiting for them, none left unclaimed.
      assertThat(events.stream().flatMap(e -> deliveries.ofEvent(e.eventId()).stream()))
          .hasSize(6)
          .allSatisfy(d -> assertThat(d.attemptCount()).isEqualTo(1));
      assertThat(dispatching.waiting()).isEqualTo(4);
      release.countDown();

      // No pass: the slots take the waiting ones as the held POSTs finish, one attempt each.
      await()
          .atMost(Duration.ofSeconds(30))
          .until(() -> events.stream().allMatch(e -> deliveredEvent(e.eventId())));
      assertThat(receivedOf(b, events)).hasSize(6);
      assertThat(events.stream().flatMap(e -> deliveries.ofEvent(e.eventId()).stream()))
          .allSatisfy(d -> assertThat(d.attempts()).hasSize(1));
    } finally {
      release.countDown();
      dispatching.stop();
    }
  }

  @Test
  void deliveriesLeasedToAnInstanceThatDiedBeforePostingThemAreTakenOverWhenTheLeaseRunsOut() {
    TestApp b = app("orphan");
    long orderId = paidAndHandedOver(b);
    WebhookDispatcher dead = anotherDispatcher(dispatchingProps(4, 4, 4));
    dead.stop();
    List<EventEnvelope> events = eventsOf(orderId, 2);
    handoffTo(dead).accept(events);

    dispatchAndSettle();
    assertThat(receivedOf(b, events)).isEmpty();
    clock.advance(props.lease().plusSeconds(1));
    dispatchAndSettle();

    assertThat(events)
        .allSatisfy(
            e ->
                assertThat(deliveries.ofEvent(e.eventId()))
                    .singleElement()
                    .satisfies(WebhookDeliveryIntegrationTests::deliveredOnce));
    assertThat(receivedOf(b, events)).hasSize(2);
  }

  @Test
  void aBatchsOwnersAreReadTogetherInItsTransactionNotOncePerEvent() {
    TestApp a = app("owners-a");
    TestApp b = app("owners-b");
    String notifyUrl = receiver.url("/owners-notify-" + UUID.randomUUID());
    // Each order's app, and the URL its events go to.
    List<TestApp> ofApp = List.of(a, b, a, b);
    List<String> urlOf =
        List.of(receiver.url(a.path()), receiver.url(b.path()), notifyUrl, receiver.url(b.path()));
    List<String> orders = List.of(pay(a, null), pay(b, null), pay(a, notifyUrl), pay(b, null));
    relay.drain();
    StatementLog reads = statementLog();
    WebhookHandoff counted =
        new WebhookHandoff(
            new EventOwners(org.springframework.jdbc.core.simple.JdbcClient.create(reads)),
            repository,
            apps,
            envelopes,
            clock,
            dispatcher,
            props,
            transactionManager);

    // As the relay hands a batch over: each paid order's PaymentSucceeded, then its OrderPaid.
    List<EventEnvelope> batch = new java.util.ArrayList<>();
    for (String orderNo : orders) {
      var order = orderService.findAnyApp(orderNo).get(0);
      batch.add(envelope("PAYMENT", order.paidBy(), orderNo));
      batch.add(envelope("ORDER", order.id(), orderNo));
    }

    assertThat(counted.accept(batch))
        .containsExactlyInAnyOrderElementsOf(batch.stream().map(EventEnvelope::eventId).toList());

    // One statement for the batch's payments, in the transaction that wrote its rows; their
    // orders' events needed none of their own.
    assertThat(reads.taken())
        .singleElement()
        .satisfies(
            read -> {
              assertThat(read.table()).isEqualTo("payment");
              assertThat(read.inTransaction()).isTrue();
            });
    for (int i = 0; i < batch.size(); i++) {
      TestApp app = ofApp.get(i / 2);
      String url = urlOf.get(i / 2);
      assertThat(deliveries.ofEvent(batch.get(i).eventId()))
          .singleElement()
          .satisfies(
              d -> {
                assertThat(d.appId()).isEqualTo(app.id());
                assertThat(d.url()).isEqualTo(url);
                assertThat(d.destination()).isEqualTo(url.equals(notifyUrl) ? "ORDER" : "APP");
              });
    }

    // The same aggregates again are served by the cache, with no read and no transaction of their
    // own beside the rows'; events of no owner are read together, by kind, and taken with nothing
    // to do; a long list of them is cut into lists of a few lengths.
    reads.clear();
    List<EventEnvelope> again =
        batch.stream().map(e -> envelope(e.aggregate(), e.aggregateId(), e.orderNo())).toList();
    assertThat(counted.accept(again)).hasSize(again.size());
    assertThat(reads.taken()).isEmpty();
    assertThat(again).allSatisfy(e -> assertThat(deliveries.ofEvent(e.eventId())).hasSize(1));

    List<EventEnvelope> orphans = new java.util.ArrayList<>();
    for (long id = 1; id <= 70; id++) {
      orphans.add(envelope("PAYMENT", -id, "ORD-none"));
    }
    orphans.add(envelope("ORDER", -1, "ORD-none"));
    orphans.add(envelope("REFUND", -1, "ORD-none"));
    orphans.add(envelope("ORDER", -2, null));
    EventEnvelope owned = envelope("PAYMENT", batch.get(0).aggregateId(), null);
    orphans.add(owned);
    assertThat(counted.accept(orphans)).hasSize(orphans.size());
    assertThat(reads.taken())
        .allSatisfy(read -> assertThat(read.inTransaction()).isTrue())
        .extracting(StatementLog.Statement::table, StatementLog.Statement::ids)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple("payment", 64),
            org.assertj.core.groups.Tuple.tuple("payment", 16),
            org.assertj.core.groups.Tuple.tuple("refund", 1),
            org.assertj.core.groups.Tuple.tuple("orders", 4));
    assertThat(orphans.subList(0, orphans.size() - 1))
        .allSatisfy(e -> assertThat(deliveries.ofEvent(e.eventId())).isEmpty());
    assertThat(deliveries.ofEvent(owned.eventId()))
        .singleElement()
        .satisfies(d -> assertThat(d.url()).isEqualTo(receiver.url(a.path())));
  }

  @Test
  void aClaimTakesExactlyTheRowsItChangedInOneStatementWhereTheDatabaseReturnsThem() {
    TestApp c = app("claim");
    List<EventEnvelope> events = handedOverUnclaimed(c, 3);
    List<Long> ids =
        events.stream().map(e -> deliveries.ofEvent(e.eventId()).get(0).id()).sorted().toList();
    java.time.Instant now = clock.instant();
    java.time.Instant until = now.plus(props.lease());
    // Another instance holds the middle one already.
    assertThat(repository.claim(List.of(ids.get(1)), UUID.randomUUID().toString(), now, until))
        .extracting(DeliveryRepository.ClaimedDelivery::id)
        .containsExactly(ids.get(1));
    StatementLog log = statementLog();
    DeliveryRepository counted =
        new DeliveryRepository(
            org.springframework.jdbc.core.simple.JdbcClient.create(log), returning);
    String token = UUID.randomUUID().toString();

    List<DeliveryRepository.ClaimedDelivery> taken =
        counted.claim(List.of(ids.get(2), ids.get(1), ids.get(0)), token, now, until);

    // Exactly the rows this token took, by id, their attempts counted by this claim.
    assertThat(taken)
        .extracting(DeliveryRepository.ClaimedDelivery::id)
        .containsExactly(ids.get(0), ids.get(2));
    assertThat(taken)
        .allSatisfy(
            d -> {
              assertThat(d.token()).isEqualTo(token);
              assertThat(d.appId()).isEqualTo(c.id());
              assertThat(d.attempts()).isEqualTo(1);
              assertThat(d.step()).isZero();
            });
    // PostgreSQL: the UPDATE returns them; MariaDB and H2 read back what the token holds.
    assertThat(log.taken()).hasSize(returning.supported() ? 1 : 2);
    // A claim that takes nothing reads nothing back.
    log.clear();
    assertThat(counted.claim(ids, UUID.randomUUID().toString(), now, until)).isEmpty();
    assertThat(log.taken()).hasSize(1);
  }

  @Test
  void aDeliveredAttemptIsRecordedInOneStatementWhereTheDatabaseReturnsRowsAndOnlyOnce() {
    TestApp s = app("settle");
    List<EventEnvelope> events = handedOverUnclaimed(s, 1);
    long id = deliveries.ofEvent(events.get(0).eventId()).get(0).id();
    java.time.Instant now = clock.instant();
    DeliveryRepository.ClaimedDelivery claimed =
        repository
            .claim(List.of(id), UUID.randomUUID().toString(), now, now.plus(props.lease()))
            .get(0);
    StatementLog log = statementLog();
    SimpleMeterRegistry counted = new SimpleMeterRegistry();
    WebhookDispatcher dispatching =
        new WebhookDispatcher(
            new DeliveryRepository(
                org.springframework.jdbc.core.simple.JdbcClient.create(log), returning),
            poster,
            apps,
            alarms,
            props,
            clock,
            transactionManager,
            counted);
    try {
      assertThat(dispatching.attempt(claimed, WebhookDispatcher.SCHEDULE, null).stateAfter())
          .isEqualTo(DeliveryState.DELIVERED);
      // PostgreSQL: one statement in auto-commit; MariaDB and H2: the UPDATE and the INSERT in a
      // transaction.
      assertThat(log.taken())
          .hasSize(returning.supported() ? 1 : 2)
          .allSatisfy(st -> assertThat(st.inTransaction()).isEqualTo(!returning.supported()));

      // A second 2xx (a lease taken over mid-POST) is recorded and changes nothing.
      assertThat(dispatching.attempt(claimed, WebhookDispatcher.SCHEDULE, null).stateAfter())
          .isNull();
    } finally {
      dispatching.stop();
    }
    WebhookDelivery delivery = deliveries.ofEvent(events.get(0).eventId()).get(0);
    deliveredOnce(delivery);
    assertThat(delivery.attempts())
        .extracting(
            WebhookAttempt::attemptNo, WebhookAttempt::stateAfter, WebhookAttempt::statusCode)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(1, DeliveryState.DELIVERED, 200),
            org.assertj.core.groups.Tuple.tuple(1, null, 200));
    assertThat(counted.counter("payonce.webhooks.delivered").count()).isEqualTo(1.0);
    assertThat(counted.counter("payonce.webhooks.failed").count()).isZero();
  }

  @Test
  void anAppsBacklogIsClaimedHalfItsRoomAtATimeNotOneOrTwoPerFinishedPost() {
    TestApp b = app("refill");
    List<EventEnvelope> events = handedOverUnclaimed(b, 60);
    long backlog = pendingOf(b);
    SimpleMeterRegistry counted = new SimpleMeterRegistry();
    int perApp = 4;
    int prefetch = 4;
    int room = perApp * (1 + prefetch);
    WebhookDispatcher dispatching =
        anotherDispatcher(dispatchingProps(2 * perApp, perApp, prefetch), counted);
    try {
      // One pass; the finished POSTs claim the rest of the backlog.
      dispatching.dispatchDue();

      await()
          .atMost(Duration.ofSeconds(60))
          .until(() -> events.stream().allMatch(e -> deliveredEvent(e.eventId())));
    } finally {
      dispatching.stop();
    }

    assertThat(receivedOf(b, events)).hasSize(events.size());
    // The pass fills the app's room; each claim after it refills at least half of it (a claim per
    // finished POST would make about backlog - room). Rows other tests left due may join a pass.
    double claims = counted.counter("payonce.webhooks.claims").count();
    double reads = counted.counter("payonce.webhooks.claim.reads").count();
    long refills = (backlog - room + room / 2 - 1) / (room / 2);
    String counts = "claims " + claims + ", reads " + reads + " for " + backlog + " deliveries";
    assertThat(claims).as(counts).isBetween(1.0, 1.0 + refills + 1);
    // A read finds what its claim takes: one more for the pass that looks past the full app.
    assertThat(reads).as(counts).isLessThanOrEqualTo(claims + 2);
  }

  // How many deliveries of the app are PENDING: its paid order's own and the events'.
  private long pendingOf(TestApp app) {
    return jdbc.sql(
            """
            SELECT COUNT(*)
            FROM webhook_delivery
            WHERE app_id = :app
              AND state = 'PENDING'
            """)
        .param("app", app.id())
        .query(Long.class)
        .single();
  }

  // Statements on the context's own database, in its transactions.
  private StatementLog statementLog() {
    return new StatementLog(
        ((org.springframework.jdbc.datasource.DataSourceTransactionManager) transactionManager)
            .getDataSource());
  }

  private static List<WebhookReceiver.Received> receivedOf(TestApp app, List<EventEnvelope> of) {
    java.util.Set<String> ids =
        of.stream().map(EventEnvelope::eventId).collect(java.util.stream.Collectors.toSet());
    return receiver.at(app.path()).stream().filter(r -> ids.contains(r.eventId())).toList();
  }

  @Test
  void aDeliveryWhoseAppsSecretCannotBeOpenedFailsEachAttemptWithTheReasonUntilParkedAndAlarmed() {
    TestApp u = app("unreadable");
    String orderNo = pay(u, null);
    long orderId = orderService.findAnyApp(orderNo).get(0).id();
    relay.drain();
    WebhookDispatcher dispatching = anotherDispatcher(dispatchingProps(1, 1, 0));
    jdbc.sql("UPDATE merchant_app SET webhook_secret_enc = 'not sealed' WHERE app_id = :app")
        .param("app", u.id())
        .update();
    try {
      // Born leased to a dispatching instance: its attempt fails with the reason, recorded, and
      // the delivery waits for the schedule's next turn, the app's room free again.
      EventEnvelope event = envelope("ORDER", orderId);
      assertThat(handoffTo(dispatching).accept(List.of(event))).containsExactly(event.eventId());
      await()
          .atMost(Duration.ofSeconds(30))
          .until(
              () ->
                  dispatching.inFlight() == 0
                      && deliveries.ofEvent(event.eventId()).get(0).attempts().size() == 1);
      WebhookDelivery born = deliveries.ofEvent(event.eventId()).get(0);
      assertThat(born.state()).isEqualTo(DeliveryState.PENDING);
      WebhookAttempt failed = born.attempts().get(0);
      assertThat(failed.failure()).contains("cannot be opened");
      assertThat(failed.statusCode()).isNull();
      assertThat(born.nextAttemptAt())
          .isAfterOrEqualTo(failed.startedAt().plus(props.retrySchedule().get(0)));
      assertThat(dispatching.waiting()).isZero();
      assertThat(dispatching.roomAtBirth(u.id())).isEqualTo(1);

      // Claimed by passes, through the whole schedule: parked and alarmed, with the reason.
      deliverUntil(() -> attemptsOf(orderNo, 1));
      List<WebhookDelivery> parked = parkedAfterTheWholeSchedule(orderNo);
      assertThat(parked)
          .allSatisfy(
              d ->
                  assertThat(d.attempts())
                      .allSatisfy(a -> assertThat(a.failure()).contains("cannot be opened")));
      assertThat(alarms.open(1000))
          .anySatisfy(
              alarm -> {
                assertThat(alarm.type()).isEqualTo(AlarmType.WEBHOOK_PARKED);
                assertThat(alarm.detail())
                    .contains("webhook delivery " + parked.get(0).id() + " ")
                    .contains("cannot be opened")
                    .doesNotContain("not sealed");
              });
      assertThat(receiver.at(u.path())).isEmpty();

      // The other apps' deliveries go on meanwhile.
      TestApp other = app("readable");
      String paid = pay(other, null);
      deliverUntil(() -> allIn(paid, DeliveryState.DELIVERED));
    } finally {
      dispatching.stop();
      apps.setWebhook(u.id(), receiver.url(u.path()), u.secret());
    }
  }

  /**
   * Moves the clock through the retry schedule, each wait followed by passes until every delivery
   * of the order was tried once more, and returns them: all PARKED, each tried once per turn.
   */
  private List<WebhookDelivery> parkedAfterTheWholeSchedule(String orderNo) {
    int attempts = 1;
    for (Duration wait : props.retrySchedule()) {
      clock.advance(wait.plusSeconds(1));
      int expected = ++attempts;
      deliverUntil(() -> attemptsOf(orderNo, expected));
    }
    List<WebhookDelivery> parked = deliveries.ofOrder(orderNo);
    assertThat(parked)
        .isNotEmpty()
        .allSatisfy(d -> assertThat(d.state()).isEqualTo(DeliveryState.PARKED))
        .allSatisfy(d -> assertThat(d.attempts()).hasSize(1 + props.retrySchedule().size()));
    return parked;
  }

  /** A paid order of the app, its own events handed over (unclaimed: no pass has run). */
  private long paidAndHandedOver(TestApp app) {
    long orderId = orderService.findAnyApp(pay(app, null)).get(0).id();
    relay.drain();
    return orderId;
  }

  /**
   * A paid order of the app and {@code n} more events of it, handed over: written unclaimed, as the
   * context's dispatcher does not dispatch, so it has no room at birth.
   */
  private List<EventEnvelope> handedOverUnclaimed(TestApp app, int n) {
    List<EventEnvelope> events = eventsOf(paidAndHandedOver(app), n);
    assertThat(handoff.accept(events)).hasSize(events.size());
    return events;
  }

  /** {@code n} new events of the order, as the relay would hand them over. */
  private static List<EventEnvelope> eventsOf(long orderId, int n) {
    return java.util.stream.IntStream.range(0, n)
        .mapToObj(i -> envelope("ORDER", orderId))
        .toList();
  }

  private boolean deliveredEvent(String eventId) {
    List<WebhookDelivery> of = deliveries.ofEvent(eventId);
    return !of.isEmpty() && of.stream().allMatch(d -> d.state() == DeliveryState.DELIVERED);
  }

  private WebhookProperties dispatchingProps(int concurrency, int perApp, int prefetch) {
    return dispatchingProps(concurrency, perApp, prefetch, props.batch());
  }

  private WebhookProperties dispatchingProps(int concurrency, int perApp, int prefetch, int batch) {
    return new WebhookProperties(
        true,
        props.interval(),
        batch,
        props.lease(),
        props.timeout(),
        concurrency,
        perApp,
        prefetch,
        props.retrySchedule(),
        props.refusePrivateAddresses());
  }

  private WebhookHandoff handoffTo(WebhookDispatcher dispatching) {
    return new WebhookHandoff(
        owners, repository, apps, envelopes, clock, dispatching, props, transactionManager);
  }

  private static EventEnvelope envelope(String aggregate, long aggregateId) {
    return envelope(aggregate, aggregateId, "ORD-handoff");
  }

  private static EventEnvelope envelope(String aggregate, long aggregateId, String orderNo) {
    return new EventEnvelope(
        UUID.randomUUID().toString(),
        "OrderPaid",
        EventEnvelope.CURRENT_VERSION,
        aggregate,
        aggregateId,
        orderNo,
        null,
        "1.00",
        "CNY",
        java.time.Instant.parse("2026-12-05T00:00:00Z"),
        tools.jackson.databind.node.JsonNodeFactory.instance.objectNode());
  }

  @Test
  void anAppWithoutWebhookUrlOrSecretGetsNoDeliveryAndItsEventsAreStillPublished() {
    String noUrl = "wh-none-" + UUID.randomUUID().toString().substring(0, 8);
    apps.create(noUrl, "no url", "secret-" + noUrl);
    TestApps.giveAlipayAccount(admin, noUrl);
    String noSecret = "wh-nosec-" + UUID.randomUUID().toString().substring(0, 8);
    apps.create(noSecret, "no secret", "secret-" + noSecret);
    TestApps.giveAlipayAccount(admin, noSecret);
    apps.setWebhook(noSecret, receiver.url("/no-secret"), null);
    PaidOrders paid = new PaidOrders(orderService, opener, applier, clock);
    String orderA = paid.payOne(noUrl, "wh-none", null);
    String orderB = paid.payOne(noSecret, "wh-nosec", null);

    assertThat(relay.drain()).isGreaterThanOrEqualTo(2);

    assertThat(deliveries.ofOrder(orderA)).isEmpty();
    assertThat(deliveries.ofOrder(orderB)).isEmpty();
    assertThat(receiver.at("/no-secret")).isEmpty();
  }

  private TestApp app(String name) {
    String id = "wh-" + name + "-" + UUID.randomUUID().toString().substring(0, 8);
    String secret = "whsec-" + UUID.randomUUID();
    String path = "/" + id;
    apps.create(id, name, "api-secret-" + UUID.randomUUID());
    TestApps.giveAlipayAccount(admin, id);
    apps.setWebhook(id, receiver.url(path), secret);
    return new TestApp(id, secret, path);
  }

  private String pay(TestApp app, String notifyUrl) {
    return new PaidOrders(orderService, opener, applier, clock).payOne(app.id(), "wh", notifyUrl);
  }

  private WebhookDispatcher anotherDispatcher() {
    return anotherDispatcher(props);
  }

  private WebhookDispatcher anotherDispatcher(WebhookProperties with) {
    return anotherDispatcher(with, new SimpleMeterRegistry());
  }

  private WebhookDispatcher anotherDispatcher(WebhookProperties with, MeterRegistry counted) {
    return new WebhookDispatcher(
        repository, poster, apps, alarms, with, clock, transactionManager, counted);
  }

  /** Relays and dispatches until {@code done}, each pass's POSTs finished. */
  private void deliverUntil(java.util.function.BooleanSupplier done) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              relay.drain();
              dispatchAndSettle();
              return done.getAsBoolean();
            });
  }

  private void deliverUntilWithoutSettling(java.util.function.BooleanSupplier done) {
    await()
        .atMost(Duration.ofSeconds(30))
        .until(
            () -> {
              relay.drain();
              dispatcher.dispatchDue();
              return done.getAsBoolean();
            });
  }

  private void dispatchAndSettle() {
    dispatcher.dispatchDue();
    await().atMost(Duration.ofSeconds(15)).until(() -> dispatcher.inFlight() == 0);
  }

  private boolean allIn(String orderNo, DeliveryState state) {
    List<WebhookDelivery> of = deliveries.ofOrder(orderNo);
    return !of.isEmpty() && of.stream().allMatch(d -> d.state() == state);
  }

  // Every delivery of the order has been tried at least once.
  private boolean settled(String orderNo) {
    return attemptsOf(orderNo, 1);
  }

  private boolean attemptsOf(String orderNo, int count) {
    List<WebhookDelivery> of = deliveries.ofOrder(orderNo);
    return !of.isEmpty() && of.stream().allMatch(d -> d.attempts().size() >= count);
  }

  private WebhookDelivery only(String orderNo, DeliveryState state) {
    List<WebhookDelivery> in =
        deliveries.ofOrder(orderNo).stream().filter(d -> d.state() == state).toList();
    assertThat(in).hasSize(1);
    return in.get(0);
  }

  private static void deliveredOnce(WebhookDelivery delivery) {
    assertThat(delivery.state()).isEqualTo(DeliveryState.DELIVERED);
    assertThat(delivery.attempts().stream().filter(a -> a.stateAfter() == DeliveryState.DELIVERED))
        .hasSize(1);
  }

  private static void assertReceivedOnly(TestApp app, String orderNo, String otherSecret) {
    List<WebhookReceiver.Received> got = receiver.at(app.path());
    assertThat(got).isNotEmpty();
    assertThat(got).allSatisfy(r -> assertThat(r.orderNo()).isEqualTo(orderNo));
    assertThat(got).allSatisfy(r -> assertSignedWith(r, app.secret()));
    assertThat(got)
        .noneSatisfy(r -> assertThat(r.signature()).endsWith("v1=" + signature(r, otherSecret)));
  }

  private static void assertSignedWith(WebhookReceiver.Received r, String secret) {
    assertThat(r.signature()).matches("t=\\d+,v1=[0-9a-f]{64}");
    assertThat(r.signature()).endsWith("v1=" + signature(r, secret));
    assertThat(r.body()).contains("\"eventId\":\"" + r.eventId() + "\"");
  }

  private static String signature(WebhookReceiver.Received r, String secret) {
    long t = Long.parseLong(r.signature().replaceAll("t=(\\d+),v1=.*", "$1"));
    return WebhookSignature.sign(secret, t, r.body().getBytes(StandardCharsets.UTF_8));
  }
}
