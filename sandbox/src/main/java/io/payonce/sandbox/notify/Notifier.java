package io.payonce.sandbox.notify;

import io.payonce.sandbox.SandboxResettable;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.clock.DaemonTimers;
import io.payonce.sandbox.clock.SandboxClock;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;

/**
 * Delivers a channel's notifies and retries each on the channel's {@link RetrySchedule} until the
 * merchant acknowledges it, with the notify chaos knobs (notifyDelayMs, notifyShuffle, notifyDrop,
 * notifyCopies) applied the same way for every channel. Deliveries are asynchronous (a timer and
 * the HTTP client's own threads), never in the caller.
 *
 * <p>The channel says what goes on the wire: each attempt's {@link #request} (signed afresh, the
 * content chaos applied), what counts as an acknowledgement, and how a delivery is journaled.
 *
 * @param <N> the channel's pending notify, as persisted
 * @param <M> one attempt's request, as the channel journals it
 */
public abstract class Notifier<N extends PendingNotice<N>, M extends Notifier.Request>
    implements SandboxResettable, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(Notifier.class);

  /** One attempt's request as it goes on the wire (a POST to the notify's url). */
  public interface Request {

    Map<String, String> headers();

    String body();
  }

  // Retries wait real (scaled) time; the sandbox clock only stamps what the merchant sees.
  protected final Clock wallClock = Clock.systemUTC();
  protected final Chaos chaos;
  protected final SandboxClock clock;
  private final String channel;
  private final RetrySchedule schedule;
  private final HttpClient http;
  private final ScheduledExecutorService timer;
  private final Map<String, N> pending = new ConcurrentHashMap<>();
  private final List<String> shuffled = new ArrayList<>();
  private final AtomicLong version = new AtomicLong();

  protected Notifier(
      String channel, Chaos chaos, SandboxClock clock, RetrySchedule schedule, HttpClient http) {
    this.channel = channel;
    this.chaos = chaos;
    this.clock = clock;
    this.schedule = schedule;
    this.http = http;
    this.timer = DaemonTimers.named("sandbox-" + channel + "-notify");
  }

  /** This attempt's request: fresh signature, chaos applied. Throws when none can be built. */
  protected abstract M request(N notice);

  /** Whether the merchant's reply acknowledges the notify. */
  protected abstract boolean acknowledged(N notice, HttpResponse<String> response);

  /** Journals one delivery; {@code request} is null when none was built. */
  protected abstract void journal(N notice, Delivery delivery, M request);

  /** What runs before the first attempt; nothing unless the channel says otherwise. */
  protected CompletableFuture<Void> beforeFirstAttempt(N notice) {
    return CompletableFuture.completedFuture(null);
  }

  /** Deliveries of an attempt beyond its notifyCopies copies; none unless the channel adds some. */
  protected List<CompletableFuture<Boolean>> moreDeliveries(
      N notice, int attemptNo, int copies, M request) {
    return List.of();
  }

  /** How a delivery that got no reply says why: the root cause's name, e.g. a timeout. */
  protected String noReply(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName();
  }

  /** Takes a new notify; its first delivery comes after the notifyDelayMs knob. */
  protected final void enqueue(N notice) {
    pending.put(notice.notifyId(), notice);
    version.incrementAndGet();
    long delay = knob(ChaosKnob.NOTIFY_DELAY_MS, notice);
    timer.schedule(() -> first(notice.notifyId()), delay, TimeUnit.MILLISECONDS);
  }

  /** Pending notifies, for persistence. */
  public List<N> pending() {
    return List.copyOf(pending.values());
  }

  /** Takes over notifies persisted by an earlier run and delivers them when due. */
  public void restore(List<N> restored) {
    Instant now = wallClock.instant();
    for (N notice : restored) {
      pending.put(notice.notifyId(), notice);
      long delay = Math.max(0, Duration.between(now, notice.nextAttemptAt()).toMillis());
      timer.schedule(() -> attempt(notice.notifyId()), delay, TimeUnit.MILLISECONDS);
    }
  }

  /** Increases with every change of the pending notifies, so persistence knows when to write. */
  public long version() {
    return version.get();
  }

  private void first(String notifyId) {
    N notice = pending.get(notifyId);
    if (notice == null) {
      return;
    }
    beforeFirstAttempt(notice)
        .thenRun(
            () -> {
              if (flag(ChaosKnob.NOTIFY_SHUFFLE, notice)) {
                hold(notifyId, knob(ChaosKnob.NOTIFY_SHUFFLE_WINDOW_MS, notice));
              } else {
                attempt(notifyId);
              }
            });
  }

  /** Shuffle: keep notifies back and release them in reverse, two at a time or after the window. */
  private synchronized void hold(String notifyId, long windowMillis) {
    shuffled.add(notifyId);
    if (shuffled.size() >= 2) {
      releaseShuffled();
    } else {
      timer.schedule(this::releaseShuffled, windowMillis, TimeUnit.MILLISECONDS);
    }
  }

  private synchronized void releaseShuffled() {
    List<String> batch = new ArrayList<>(shuffled);
    shuffled.clear();
    Collections.reverse(batch);
    CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
    for (String notifyId : batch) {
      chain = chain.thenCompose(done -> attempt(notifyId));
    }
  }

  private CompletableFuture<Void> attempt(String notifyId) {
    N notice = pending.get(notifyId);
    if (notice == null) {
      return CompletableFuture.completedFuture(null);
    }
    int attemptNo = notice.attempts() + 1;
    if (chaos.roll(ChaosKnob.NOTIFY_DROP, notice.trigger(), notice.outTradeNo())) {
      pending.remove(notifyId);
      version.incrementAndGet();
      journal(notice, delivery(attemptNo, 1, null, null, Delivery.DROPPED, false), null);
      return CompletableFuture.completedFuture(null);
    }
    M request;
    try {
      request = request(notice);
    } catch (RuntimeException e) {
      journal(notice, delivery(attemptNo, 1, null, e.getMessage(), Delivery.ERROR, false), null);
      afterAttempt(notice, false);
      return CompletableFuture.completedFuture(null);
    }
    int copies = (int) Math.max(1, knob(ChaosKnob.NOTIFY_COPIES, notice));
    List<CompletableFuture<Boolean>> deliveries = new ArrayList<>();
    for (int copy = 1; copy <= copies; copy++) {
      deliveries.add(deliver(http, notice, attemptNo, copy, request, 0));
    }
    deliveries.addAll(moreDeliveries(notice, attemptNo, copies, request));
    return CompletableFuture.allOf(deliveries.toArray(CompletableFuture[]::new))
        .thenRun(() -> afterAttempt(notice, deliveries.stream().anyMatch(CompletableFuture::join)));
  }

  private void afterAttempt(N notice, boolean delivered) {
    int attempted = notice.attempts() + 1;
    if (delivered || schedule.exhaustedAfter(attempted)) {
      pending.remove(notice.notifyId());
      version.incrementAndGet();
      if (!delivered) {
        log.info(
            "notify_gave_up channel={} notify_id={} out_trade_no={}",
            channel,
            notice.notifyId(),
            notice.outTradeNo());
      }
      return;
    }
    long wait = schedule.waitMillisAfter(attempted);
    N next = notice.attempted(wallClock.instant().plusMillis(wait));
    if (pending.replace(notice.notifyId(), next) != null) {
      version.incrementAndGet();
      timer.schedule(() -> attempt(notice.notifyId()), wait, TimeUnit.MILLISECONDS);
    }
  }

  /**
   * Sends the request with this client, after {@code delayMillis}, and journals what came back;
   * true when the merchant acknowledged it.
   */
  protected final CompletableFuture<Boolean> deliver(
      HttpClient client, N notice, int attemptNo, int copy, M request, long delayMillis) {
    HttpRequest post;
    try {
      post = post(notice, request);
    } catch (IllegalArgumentException badUrl) {
      journal(
          notice,
          delivery(attemptNo, copy, null, "invalid notify_url", Delivery.ERROR, false),
          request);
      return CompletableFuture.completedFuture(false);
    }
    CompletableFuture<Void> start =
        delayMillis <= 0
            ? CompletableFuture.completedFuture(null)
            : CompletableFuture.runAsync(
                () -> {}, CompletableFuture.delayedExecutor(delayMillis, TimeUnit.MILLISECONDS));
    return start
        .thenCompose(ready -> sendWith(client, post))
        .handle(
            (response, error) -> {
              if (response == null) {
                String reason = error == null ? "no reply" : noReply(error);
                journal(
                    notice, delivery(attemptNo, copy, null, reason, Delivery.ERROR, true), request);
                return false;
              }
              boolean success = acknowledged(notice, response);
              journal(
                  notice,
                  delivery(
                      attemptNo,
                      copy,
                      response.statusCode(),
                      abbreviated(response.body()),
                      success ? Delivery.DELIVERED : Delivery.FAILED,
                      true),
                  request);
              return success;
            });
  }

  /** The POST of this request to the notify's url; IllegalArgumentException for a bad url. */
  protected final HttpRequest post(N notice, M request) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(notice.url()))
            .timeout(schedule.replyTimeout())
            .POST(HttpRequest.BodyPublishers.ofString(request.body(), StandardCharsets.UTF_8));
    request.headers().forEach(builder::header);
    return builder.build();
  }

  /** Sends with the notifier's own client, at once. */
  protected final CompletableFuture<HttpResponse<String>> send(HttpRequest post) {
    return sendWith(http, post);
  }

  private static CompletableFuture<HttpResponse<String>> sendWith(
      HttpClient client, HttpRequest post) {
    return client.sendAsync(post, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
  }

  protected final Delivery delivery(
      int attemptNo, int copy, Integer status, String reply, String outcome, boolean sent) {
    return new Delivery(attemptNo, copy, clock.now(), status, reply, outcome, sent);
  }

  protected final boolean flag(ChaosKnob knob, N notice) {
    return chaos.flag(knob, notice.trigger(), notice.outTradeNo());
  }

  protected final long knob(ChaosKnob knob, N notice) {
    return chaos.number(knob, notice.trigger(), notice.outTradeNo());
  }

  protected static String abbreviated(String body) {
    return body == null || body.length() <= 200 ? body : body.substring(0, 200) + "…";
  }

  @Override
  public void reset() {
    pending.clear();
    synchronized (this) {
      shuffled.clear();
    }
    version.incrementAndGet();
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
  }
}
