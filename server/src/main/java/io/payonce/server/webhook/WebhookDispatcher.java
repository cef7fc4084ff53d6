package io.payonce.server.webhook;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.app.Apps;
import io.payonce.server.app.SecretUnreadableException;
import io.payonce.server.chaos.CrashPoints;
import io.payonce.server.db.VictimRetryingTransactions;
import jakarta.annotation.PreDestroy;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.ReentrantLock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Works the delivery rows: claims due ones (a lease other instances respect, taken by a conditional
 * UPDATE with a fresh token), POSTs each on a pool of its own with no transaction open, then
 * records the attempt and moves the delivery in one transaction (a 2xx's, on PostgreSQL, in one
 * statement of its own: {@link DeliveryRepository#deliveredWithAttempt}). A 2xx makes it DELIVERED
 * whoever holds the lease by then (only once: the UPDATE requires PENDING); a failure moves it on
 * only if this holder's token still holds it: back to PENDING after the schedule's next wait, or
 * PARKED with an alarm when the schedule is exhausted. An attempt is always recorded, even by a
 * holder whose lease was taken over mid-POST; that takeover may POST the event twice
 * (at-least-once: receivers dedupe on {@code PayOnce-Event-Id}).
 *
 * <p>Head-of-line: at most {@code concurrency} POSTs are in flight per instance and at most {@code
 * perAppConcurrency} of them for one app; an app at its limit is left out of the next claim, so a
 * merchant URL that hangs until the timeout holds only its own slots.
 *
 * <p>Prefetch: a claim takes up to {@code prefetch} more deliveries per app slot than start at
 * once, and reads each app's secret once for them all; they wait here, in claim order, and start as
 * the app's POSTs finish, without another round trip. A waiting delivery holds its lease like one
 * in flight (a crash leaves both to run out); one whose lease no longer covers a POST's timeout is
 * let go unposted, to be claimed again.
 *
 * <p>Born claimed: when this instance dispatches, the relay's hand-off writes the deliveries it has
 * room for already leased to it ({@link #roomAtBirth}) and gives them here ({@link #adopt}): they
 * wait like claimed ones, with no query to find them and no UPDATE to claim them. A crash before
 * they are posted leaves their lease to run out, as for any claim. The rows no instance took at
 * birth (no room, a retry's wait, a lease run out) are found by a pass: the scheduler's, and one
 * after each finished POST while the last claim suggested more were due.
 *
 * <p>Refilled at low water: an app known to have more due is claimed for again only once its held
 * and in-flight deliveries are down to {@link #lowWater} (half its room, and never so few that one
 * of its slots could stand idle while some wait in the table), and then up to its whole room in one
 * claim, by a query of that app's rows alone sized to that room: one query, one UPDATE, one read of
 * the claimed rows and one of the secret serve half a room of POSTs, not one or two. An app above
 * its low water is left out of a pass's query (and noted, so that its low water looks for it): what
 * it would take would only queue behind the at least {@code perAppConcurrency} it already holds.
 */
@Component
class WebhookDispatcher {

  static final String SCHEDULE = "SCHEDULE";
  static final String RESEND = "RESEND";

  /** The crash point between a POST and its attempt's record (see {@link CrashPoints}). */
  static final String AFTER_POST = "webhook-after-post";

  private static final Logger log = LoggerFactory.getLogger(WebhookDispatcher.class);

  /** What a waiting delivery's lease must cover beyond a POST's timeout to be started. */
  private static final Duration LEASE_MARGIN = Duration.ofSeconds(1);

  private final DeliveryRepository repository;
  private final WebhookPoster poster;
  private final Apps apps;
  private final Alarms alarms;
  private final WebhookProperties props;
  private final Clock clock;
  private final TransactionTemplate transactions;
  private final ExecutorService pool;
  private final AtomicInteger inFlight = new AtomicInteger();
  private final ReentrantLock claiming = new ReentrantLock();
  private final AtomicBoolean again = new AtomicBoolean();
  // Whether the next round under the claiming lock also claims from the table, not only starts
  // what waits here.
  private final AtomicBoolean claimWanted = new AtomicBoolean();
  // Whether that claim looks at every app's rows (a pass), not only at the noted apps' at low
  // water.
  private final AtomicBoolean passWanted = new AtomicBoolean();
  // Whether the last claim may have left due deliveries of any app behind (it took all it had room
  // for), and the apps that may have some left (cut by their limit, or written unclaimed since): a
  // finished POST looks for more while either says so, instead of leaving them to the next pass.
  private final AtomicBoolean moreDue = new AtomicBoolean(true);
  private final Set<String> moreDueOf = ConcurrentHashMap.newKeySet();
  // Born claimed, handed over by the hand-off's thread; moved to waitingByApp by the claiming one.
  private final java.util.concurrent.ConcurrentLinkedQueue<Waiting> adopted =
      new java.util.concurrent.ConcurrentLinkedQueue<>();
  // Waiting or adopted, per app: read by the hand-off's thread for its room.
  private final Map<String, AtomicInteger> heldByApp = new ConcurrentHashMap<>();
  private final Map<String, AtomicInteger> inFlightByApp = new ConcurrentHashMap<>();
  // Claimed, waiting for a slot; read and changed only by the thread holding claiming.
  private final Map<String, ArrayDeque<Waiting>> waitingByApp = new LinkedHashMap<>();
  private final AtomicInteger waiting = new AtomicInteger();
  private final Counter delivered;
  private final Counter failed;
  private final Counter parked;
  private final Counter claimReads;
  private final Counter claims;

  WebhookDispatcher(
      DeliveryRepository repository,
      WebhookPoster poster,
      Apps apps,
      Alarms alarms,
      WebhookProperties props,
      Clock clock,
      PlatformTransactionManager transactionManager,
      MeterRegistry meters) {
    this.repository = repository;
    this.poster = poster;
    this.apps = apps;
    this.alarms = alarms;
    this.props = props;
    this.clock = clock;
    this.transactions = new VictimRetryingTransactions(transactionManager, meters);
    AtomicInteger threads = new AtomicInteger();
    this.pool =
        new ThreadPoolExecutor(
            props.concurrency(),
            props.concurrency(),
            60,
            TimeUnit.SECONDS,
            new LinkedBlockingQueue<>(),
            task -> {
              Thread thread = new Thread(task, "webhook-" + threads.incrementAndGet());
              thread.setDaemon(true);
              return thread;
            });
    this.delivered = meters.counter("payonce.webhooks.delivered");
    this.failed = meters.counter("payonce.webhooks.failed");
    this.parked = meters.counter("payonce.webhooks.parked");
    this.claimReads = meters.counter("payonce.webhooks.claim.reads");
    this.claims = meters.counter("payonce.webhooks.claims");
    Gauge.builder("payonce.webhooks.pending", repository, DeliveryRepository::pending)
        .register(meters);
    Gauge.builder("payonce.webhooks.waiting", waiting, AtomicInteger::get).register(meters);
  }

  /**
   * A pass: claims due deliveries of every app at or below its low water while this instance has
   * room (free slots or waiting room) and starts their POSTs. Called by the scheduler; a finished
   * POST claims again for the apps it finds at their low water (and looks at every app while the
   * last pass may have left some), so that an app's backlog is refilled before its slots run dry
   * instead of at the next pass (it would otherwise drain at its room per interval). One thread
   * claims at a time; a call that finds another claiming leaves it a note to go round once more, so
   * no freed slot is missed.
   *
   * @return how many this call started
   */
  int dispatchDue() {
    passWanted.set(true);
    return dispatch(true);
  }

  /**
   * Starts what waits here, and with {@code claim} also claims due deliveries from the table.
   *
   * @return how many this call started
   */
  private int dispatch(boolean claim) {
    int started = 0;
    if (claim) {
      claimWanted.set(true);
    }
    again.set(true);
    while (again.get() && claiming.tryLock()) {
      try {
        again.set(false);
        started += claimWanted.getAndSet(false) ? startWhileFree() : startWaiting();
      } finally {
        claiming.unlock();
      }
    }
    return started;
  }

  /**
   * How many more deliveries of {@code appId} this instance would take at birth now: none when it
   * does not dispatch, else what its prefetch leaves for the app and in all. Not capped by {@code
   * batch}, which sizes a claim's query: a relay batch of one busy app (up to the relay's batch
   * every interval) is born leased as far as the prefetch room holds it, not cut at a claim's size
   * and the rest claimed again row by row.
   */
  int roomAtBirth(String appId) {
    if (!props.dispatch()) {
      return 0;
    }
    int perApp = perAppRoom() - inFlightOf(appId) - heldOf(appId);
    int total = props.concurrency() * (1 + props.prefetch()) - inFlight.get() - waiting.get();
    return Math.max(0, Math.min(perApp, total));
  }

  /**
   * Takes deliveries written already leased to this instance (until {@code until}) and starts them
   * as slots allow; they wait here like claimed ones.
   */
  void adopt(List<DeliveryRepository.ClaimedDelivery> born, Instant until) {
    for (DeliveryRepository.ClaimedDelivery delivery : born) {
      held(delivery.appId()).incrementAndGet();
      waiting.incrementAndGet();
      adopted.add(new Waiting(delivery, null, until));
    }
    try {
      dispatch(false);
    } catch (RuntimeException e) {
      // The hand-off's thread is the relay's: its events are written; what failed here (the
      // database away) is the dispatcher's to retry at its next pass.
      log.warn("webhook adoption not started reason={}", e.getClass().getSimpleName());
    }
  }

  /** Notes that deliveries of {@code appId} were written unclaimed: finished POSTs look again. */
  void dueUnclaimed(String appId) {
    moreDueOf.add(appId);
  }

  // Whether a finished POST should claim: something may be due for an app at its low water.
  private boolean claimAfterPost() {
    return moreDue.get() || !lowOnes().isEmpty();
  }

  // The noted apps down to their low water: the ones a claim after a POST is for.
  private List<String> lowOnes() {
    List<String> low = new ArrayList<>();
    for (String app : moreDueOf) {
      if (countOf(app) <= lowWater()) {
        low.add(app);
      }
    }
    return low;
  }

  private int startWhileFree() {
    int started = 0;
    while (true) {
      started += startWaiting();
      boolean pass = passWanted.getAndSet(false) || moreDue.get();
      if (!(pass ? claimAll() : claimLowOnes())) {
        return started;
      }
    }
  }

  /** How many deliveries of one app this instance holds at most: in flight and waiting. */
  private int perAppRoom() {
    return props.perAppConcurrency() * (1 + props.prefetch());
  }

  /**
   * How few deliveries of an app (in flight and waiting) make it claim again: half its room, and at
   * least all its slots but one, so that without prefetch (and with a room of one) an app claims as
   * soon as a slot is free, as it always did, and with prefetch one claim fills half its room while
   * the other half still keeps its slots busy.
   */
  private int lowWater() {
    return Math.max(perAppRoom() / 2, props.perAppConcurrency() - 1);
  }

  private int countOf(String appId) {
    return inFlightOf(appId) + heldOf(appId);
  }

  /** How many POSTs this instance has in flight. */
  int inFlight() {
    return inFlight.get();
  }

  /** How many claimed deliveries wait on this instance for a slot. */
  int waiting() {
    return waiting.get();
  }

  /** Starts waiting deliveries, oldest claim first per app, while the slots allow. */
  private int startWaiting() {
    takeAdopted();
    int started = 0;
    Instant now = clock.instant();
    for (Map.Entry<String, ArrayDeque<Waiting>> entry : waitingByApp.entrySet()) {
      ArrayDeque<Waiting> queue = entry.getValue();
      while (!queue.isEmpty()
          && inFlight.get() < props.concurrency()
          && inFlightOf(entry.getKey()) < props.perAppConcurrency()) {
        Waiting next = queue.poll();
        waiting.decrementAndGet();
        held(entry.getKey()).decrementAndGet();
        if (next.leaseUntil().isBefore(now.plus(props.timeout()).plus(LEASE_MARGIN))) {
          // Its lease would run out mid-POST: another instance may take it over meanwhile.
          log.info("webhook let go unposted deliveryId={} reason=lease", next.delivery().id());
          continue;
        }
        start(next);
        started++;
      }
    }
    waitingByApp.values().removeIf(ArrayDeque::isEmpty);
    return started;
  }

  // Under the claiming lock: the adopted deliveries join their apps' queues with the app's secret,
  // read once per app.
  private void takeAdopted() {
    Map<String, Signing> secrets = new HashMap<>();
    for (Waiting born = adopted.poll(); born != null; born = adopted.poll()) {
      String appId = born.delivery().appId();
      Signing secret;
      try {
        secret = secrets.computeIfAbsent(appId, this::signing);
      } catch (RuntimeException e) {
        // The database away: let it go unposted, as if it had waited out its lease
        // (which runs out, and it is claimed again); it is no longer held here.
        waiting.decrementAndGet();
        held(appId).decrementAndGet();
        log.warn(
            "webhook let go unposted deliveryId={} reason={}",
            born.delivery().id(),
            e.getClass().getSimpleName());
        continue;
      }
      waitingByApp
          .computeIfAbsent(appId, k -> new ArrayDeque<>())
          .add(new Waiting(born.delivery(), secret, born.leaseUntil()));
    }
  }

  private AtomicInteger held(String appId) {
    return heldByApp.computeIfAbsent(appId, k -> new AtomicInteger());
  }

  private int heldOf(String appId) {
    AtomicInteger count = heldByApp.get(appId);
    return count == null ? 0 : count.get();
  }

  // The claim's room in all: free slots and waiting room left, at most a batch.
  private int roomInAll() {
    return Math.min(
            props.batch(),
            props.concurrency() - inFlight.get() + props.concurrency() * props.prefetch())
        - waiting.get();
  }

  /**
   * A pass: claims due deliveries of every app at or below its low water, leaving out (and noting)
   * the apps above it.
   *
   * @return whether anything was claimed
   */
  private boolean claimAll() {
    int room = roomInAll();
    if (room <= 0) {
      return false;
    }
    Set<String> above = new java.util.HashSet<>();
    Set<String> busy = new java.util.HashSet<>(inFlightByApp.keySet());
    busy.addAll(heldByApp.keySet());
    for (String app : busy) {
      if (countOf(app) > lowWater()) {
        above.add(app);
      }
    }
    // Forgotten before the query, noted again after it where it left some behind: a delivery
    // written unclaimed meanwhile is noted by its writer after this and stays noted. The apps left
    // out are noted: their low water looks for what this pass did not.
    moreDue.set(false);
    moreDueOf.retainAll(above);
    moreDueOf.addAll(above);
    return readThenClaim(room, now -> repository.due(now, room, above), () -> moreDue.set(true));
  }

  /**
   * Claims due deliveries of the noted apps down to their low water, each up to its whole room, by
   * a query of their rows alone sized to what they take.
   *
   * @return whether anything was claimed
   */
  private boolean claimLowOnes() {
    int room = roomInAll();
    List<String> low = lowOnes();
    if (room <= 0 || low.isEmpty()) {
      return false;
    }
    int take = 0;
    for (String app : low) {
      take += perAppRoom() - countOf(app);
    }
    int limit = Math.min(room, take);
    // As for a pass: forgotten before the query, noted again after it if it may have left some.
    moreDueOf.removeAll(low);
    return readThenClaim(
        limit, now -> repository.dueOf(now, limit, low), () -> moreDueOf.addAll(low));
  }

  /**
   * Reads due deliveries by {@code query}, at most {@code limit}, then claims them; {@code
   * whenFull} notes that the read, being full, may have left some behind.
   *
   * @return whether anything was claimed
   */
  private boolean readThenClaim(
      int limit,
      java.util.function.Function<Instant, List<DeliveryRepository.Due>> query,
      Runnable whenFull) {
    Instant now = clock.instant();
    claimReads.increment();
    List<DeliveryRepository.Due> due = query.apply(now);
    if (due.size() >= limit) {
      whenFull.run();
    }
    return claim(due, limit, now);
  }

  /**
   * Claims what of {@code due} its apps have room for, at most {@code room} in all, noting the apps
   * cut at their limit, and queues them with their app's secret, read once per app.
   *
   * @return whether anything was claimed
   */
  private boolean claim(List<DeliveryRepository.Due> due, int room, Instant now) {
    Map<String, Integer> taking = new HashMap<>();
    List<Long> ids = new ArrayList<>();
    for (DeliveryRepository.Due candidate : due) {
      String app = candidate.appId();
      int ofApp = taking.merge(app, 1, Integer::sum) + countOf(app);
      if (ofApp <= perAppRoom() && ids.size() < room) {
        ids.add(candidate.id());
      } else {
        moreDueOf.add(app);
      }
    }
    if (ids.isEmpty()) {
      return false;
    }
    String token = UUID.randomUUID().toString();
    Instant until = now.plus(props.lease());
    claims.increment();
    List<DeliveryRepository.ClaimedDelivery> claimed = repository.claim(ids, token, now, until);
    Map<String, Signing> secrets = new HashMap<>();
    for (DeliveryRepository.ClaimedDelivery delivery : claimed) {
      Signing secret;
      try {
        secret = secrets.computeIfAbsent(delivery.appId(), this::signing);
      } catch (RuntimeException e) {
        // As for an adopted one: its lease runs out; the other apps' deliveries go on.
        log.warn(
            "webhook let go unposted deliveryId={} reason={}",
            delivery.id(),
            e.getClass().getSimpleName());
        continue;
      }
      waitingByApp
          .computeIfAbsent(delivery.appId(), k -> new ArrayDeque<>())
          .add(new Waiting(delivery, secret, until));
      held(delivery.appId()).incrementAndGet();
      waiting.incrementAndGet();
    }
    return !claimed.isEmpty();
  }

  private int inFlightOf(String appId) {
    AtomicInteger count = inFlightByApp.get(appId);
    return count == null ? 0 : count.get();
  }

  private void start(Waiting next) {
    DeliveryRepository.ClaimedDelivery delivery = next.delivery();
    inFlight.incrementAndGet();
    inFlightByApp.computeIfAbsent(delivery.appId(), k -> new AtomicInteger()).incrementAndGet();
    try {
      pool.execute(() -> attemptThenRelease(delivery, next.secret()));
    } catch (RuntimeException e) {
      // A pool that is shutting down: the lease runs out and another pass (or instance) takes it.
      release(delivery);
    }
  }

  private void attemptThenRelease(DeliveryRepository.ClaimedDelivery delivery, Signing secret) {
    try {
      attempt(delivery, secret, SCHEDULE, null);
    } catch (RuntimeException e) {
      // The attempt could not be recorded (the database is away): the lease runs out and the
      // delivery is tried again; the receiver may see this POST twice.
      log.warn(
          "webhook attempt not recorded deliveryId={} reason={}",
          delivery.id(),
          e.getClass().getSimpleName());
    } finally {
      release(delivery);
    }
    if (!pool.isShutdown()) {
      refill();
    }
  }

  private void refill() {
    try {
      dispatch(claimAfterPost());
    } catch (RuntimeException e) {
      // The database is away: the scheduler's next pass tries again.
      log.warn("webhook refill failed reason={}", e.getClass().getSimpleName());
    }
  }

  private void release(DeliveryRepository.ClaimedDelivery delivery) {
    inFlight.decrementAndGet();
    inFlightByApp.get(delivery.appId()).decrementAndGet();
  }

  /** POSTs a delivery this caller holds the lease of, then records the attempt and its outcome. */
  WebhookAttemptOutcome attempt(
      DeliveryRepository.ClaimedDelivery delivery, String cause, String requestedBy) {
    return attempt(delivery, signing(delivery.appId()), cause, requestedBy);
  }

  private WebhookAttemptOutcome attempt(
      DeliveryRepository.ClaimedDelivery delivery,
      Signing secret,
      String cause,
      String requestedBy) {
    PostResult result =
        secret.secret() != null
            ? poster.post(delivery.url(), delivery.eventId(), delivery.body(), secret.secret())
            : new PostResult(clock.instant(), 0, null, secret.failure());
    // The receiver may have the event now and nothing says so: a crash here leaves the lease to
    // run out, and the delivery is POSTed again under the same event id.
    CrashPoints.reach(AFTER_POST);
    DeliveryState after =
        result.succeeded() && repository.deliversInOneStatement()
            ? deliveredAlone(delivery, cause, requestedBy, result)
            : transactions.execute(status -> settle(delivery, cause, requestedBy, result));
    count(result, after);
    return new WebhookAttemptOutcome(result.status(), result.failure(), after);
  }

  // A 2xx where the database records it in one statement: the same rows as settle's, with no
  // transaction of its own around them (BEGIN and COMMIT were two of four round trips).
  private DeliveryState deliveredAlone(
      DeliveryRepository.ClaimedDelivery delivery,
      String cause,
      String requestedBy,
      PostResult result) {
    boolean delivered =
        repository.deliveredWithAttempt(
            delivery.id(), delivery.attempts(), cause, requestedBy, result, clock.instant());
    return delivered ? DeliveryState.DELIVERED : null;
  }

  private DeliveryState settle(
      DeliveryRepository.ClaimedDelivery delivery,
      String cause,
      String requestedBy,
      PostResult result) {
    Instant now = clock.instant();
    DeliveryState after;
    if (result.succeeded()) {
      after =
          repository.markDelivered(delivery.id(), result.status(), now)
              ? DeliveryState.DELIVERED
              : null;
    } else {
      int step = delivery.step() + 1;
      Duration wait = props.backoffAfter(step);
      DeliveryState next = wait == null ? DeliveryState.PARKED : DeliveryState.PENDING;
      boolean moved =
          repository.fail(
              delivery.id(),
              delivery.token(),
              next,
              step,
              wait == null ? now : now.plus(wait),
              result.status(),
              result.failure(),
              now);
      after = moved ? next : null;
      if (after == DeliveryState.PARKED) {
        alarms.raiseWithChange(
            AlarmType.WEBHOOK_PARKED, null, null, parkedDetail(delivery, result));
      }
    }
    repository.insertAttempt(delivery.id(), delivery.attempts(), cause, requestedBy, result, after);
    return after;
  }

  private void count(PostResult result, DeliveryState after) {
    if (!result.succeeded()) {
      failed.increment();
    }
    if (after == DeliveryState.DELIVERED) {
      delivered.increment();
    } else if (after == DeliveryState.PARKED) {
      parked.increment();
    }
  }

  // The URL without its query: merchants sometimes put a token there, and alarms are logged.
  private static String parkedDetail(
      DeliveryRepository.ClaimedDelivery delivery, PostResult result) {
    return "webhook delivery "
        + delivery.id()
        + " of event "
        + delivery.eventId()
        + " for app "
        + delivery.appId()
        + " to "
        + withoutQuery(delivery.url())
        + " parked after "
        + delivery.attempts()
        + " attempts; last: "
        + result.failure();
  }

  private static String withoutQuery(String url) {
    try {
      URI uri = new URI(url);
      return uri.getScheme() + "://" + uri.getRawAuthority() + uri.getRawPath();
    } catch (java.net.URISyntaxException e) {
      return "(not a valid URL)";
    }
  }

  @PreDestroy
  void stop() {
    pool.shutdownNow();
  }

  /** A claimed delivery waiting for a slot, with its app's secret and its lease's end. */
  private record Waiting(
      DeliveryRepository.ClaimedDelivery delivery, Signing secret, Instant leaseUntil) {}

  /**
   * What an app's POSTs are signed with: its webhook secret, or why there is none. An app without
   * one, or whose stored secret this server cannot open (its master key is not the one that sealed
   * it), fails each attempt with that reason, recorded and retried on the schedule until parked
   * with an alarm, like a receiver that is down: not claimed and let go, unrecorded, at every
   * lease.
   */
  private record Signing(String secret, String failure) {

    static final Signing NONE = new Signing(null, "the app has no webhook secret");
    static final Signing UNREADABLE =
        new Signing(null, "the app's webhook secret cannot be opened with this server's key");
  }

  // A database that does not answer is not the secret's fault: that failure is thrown.
  private Signing signing(String appId) {
    try {
      return apps.webhookSecret(appId)
          .map(secret -> new Signing(secret, null))
          .orElse(Signing.NONE);
    } catch (SecretUnreadableException e) {
      log.warn("webhook secret unreadable appId={}", appId);
      return Signing.UNREADABLE;
    }
  }

  /** What an attempt came to: the receiver's status or failure, and the state it moved to. */
  record WebhookAttemptOutcome(Integer status, String failure, DeliveryState stateAfter) {}
}
