package io.payonce.sandbox.wechat.notify;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.SandboxResettable;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.wechat.WechatMerchant;
import io.payonce.sandbox.wechat.WechatMerchants;
import io.payonce.sandbox.wechat.WechatPlatformKey;
import io.payonce.sandbox.wechat.WechatXml;
import io.payonce.sandbox.wechat.ledger.OrderChange;
import io.payonce.sandbox.wechat.ledger.OrderChangeListener;
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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Sends the notifies of order changes — APIv3 TRANSACTION.SUCCESS to the order's notify_url,
 * REFUND.SUCCESS / ABNORMAL / CLOSED to the refund's, the APIv2 XML payment notify where asked —
 * and retries each on WeChat's schedule, scaled, until it is acknowledged. Deliveries are
 * asynchronous (a timer and the HTTP client's own threads), never in the caller.
 */
@Component
public class WechatNotifier implements OrderChangeListener, SandboxResettable, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(WechatNotifier.class);

  private final Map<String, PendingNotify> pending = new ConcurrentHashMap<>();
  private final List<String> shuffled = new ArrayList<>();
  private final AtomicLong version = new AtomicLong();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sandbox-wechat-notify");
            thread.setDaemon(true);
            return thread;
          });
  // Two clients, so that notifyTwice's second delivery travels on another connection.
  private final HttpClient http = client();
  private final HttpClient secondHttp = client();
  // Retries wait real (scaled) time; so do signature timestamps, which merchants compare with
  // theirs.
  private final Clock wallClock = Clock.systemUTC();
  private final Chaos chaos;
  private final SandboxClock clock;
  private final NotifyLog notifyLog;
  private final NotifyMessages messages;
  private final WechatMerchants merchants;
  private final List<Duration> schedule;
  private final double timeScale;
  private final Duration replyTimeout;

  WechatNotifier(
      Chaos chaos,
      SandboxClock clock,
      WechatPlatformKey platformKey,
      WechatMerchants merchants,
      NotifyLog notifyLog,
      SandboxProperties properties) {
    this.chaos = chaos;
    this.clock = clock;
    this.notifyLog = notifyLog;
    this.merchants = merchants;
    this.messages = new NotifyMessages(platformKey, wallClock);
    SandboxProperties.WechatNotify settings = properties.getWechat().getNotify();
    this.schedule = List.copyOf(settings.getRetrySchedule());
    this.timeScale =
        settings.getTimeScale() != null
            ? settings.getTimeScale()
            : properties.getAlipay().getNotify().getTimeScale();
    this.replyTimeout = settings.getReplyTimeout();
  }

  private static HttpClient client() {
    return HttpClient.newBuilder()
        .version(HttpClient.Version.HTTP_1_1)
        .connectTimeout(Duration.ofSeconds(5))
        .build();
  }

  @Override
  public void orderChanged(OrderChange change) {
    merchants
        .find(change.order().mchid())
        .ifPresent(
            merchant ->
                NotifyContents.of(change, merchant, clock.now(), messages.json())
                    .forEach(this::enqueue));
  }

  private void enqueue(PendingNotify notify) {
    pending.put(notify.notifyId(), notify);
    version.incrementAndGet();
    long delay = knob(ChaosKnob.NOTIFY_DELAY_MS, notify);
    timer.schedule(() -> first(notify.notifyId()), delay, TimeUnit.MILLISECONDS);
  }

  /** Pending notifies, for persistence. */
  public List<PendingNotify> pending() {
    return List.copyOf(pending.values());
  }

  /** Takes over notifies persisted by an earlier run and delivers them when due. */
  public void restore(List<PendingNotify> restored) {
    Instant now = wallClock.instant();
    for (PendingNotify notify : restored) {
      pending.put(notify.notifyId(), notify);
      long delay = Math.max(0, Duration.between(now, notify.nextAttemptAt()).toMillis());
      timer.schedule(() -> attempt(notify.notifyId()), delay, TimeUnit.MILLISECONDS);
    }
  }

  public long version() {
    return version.get();
  }

  private void first(String notifyId) {
    PendingNotify notify = pending.get(notifyId);
    if (notify == null) {
      return;
    }
    CompletableFuture<Void> probe =
        notify.kind() == PendingNotify.Kind.V3
                && chaos.flag(
                    ChaosKnob.NOTIFY_SIGNATURE_PROBE, notify.trigger(), notify.outTradeNo())
            ? probe(notify)
            : CompletableFuture.completedFuture(null);
    probe.thenRun(
        () -> {
          if (chaos.flag(ChaosKnob.NOTIFY_SHUFFLE, notify.trigger(), notify.outTradeNo())) {
            hold(notifyId, knob(ChaosKnob.NOTIFY_SHUFFLE_WINDOW_MS, notify));
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
    PendingNotify notify = pending.get(notifyId);
    if (notify == null) {
      return CompletableFuture.completedFuture(null);
    }
    int attemptNo = notify.attempts() + 1;
    if (chaos.roll(ChaosKnob.NOTIFY_DROP, notify.trigger(), notify.outTradeNo())) {
      pending.remove(notifyId);
      version.incrementAndGet();
      notifyLog.record(logged(notify, attemptNo, 1, null, null, "DROPPED", Map.of(), null));
      return CompletableFuture.completedFuture(null);
    }
    NotifyMessages.Message message;
    try {
      message = messages.build(notify, merchant(notify), chaos(notify));
    } catch (RuntimeException e) {
      notifyLog.record(logged(notify, attemptNo, 1, null, e.getMessage(), "ERROR", Map.of(), null));
      return CompletableFuture.completedFuture(null).thenRun(() -> afterAttempt(notify, false));
    }
    int copies = (int) Math.max(1, knob(ChaosKnob.NOTIFY_COPIES, notify));
    List<CompletableFuture<Boolean>> deliveries = new ArrayList<>();
    for (int copy = 1; copy <= copies; copy++) {
      deliveries.add(deliver(http, notify, attemptNo, copy, message, 0));
    }
    if (chaos.flag(ChaosKnob.NOTIFY_TWICE, notify.trigger(), notify.outTradeNo())) {
      long gap = knob(ChaosKnob.NOTIFY_TWICE_GAP_MS, notify);
      deliveries.add(deliver(secondHttp, notify, attemptNo, copies + 1, message, gap));
    }
    return CompletableFuture.allOf(deliveries.toArray(CompletableFuture[]::new))
        .thenRun(() -> afterAttempt(notify, deliveries.stream().anyMatch(CompletableFuture::join)));
  }

  private NotifyMessages.Chaos chaos(PendingNotify notify) {
    return new NotifyMessages.Chaos(
        chaos.flag(ChaosKnob.TAMPER_AMOUNT, notify.trigger(), notify.outTradeNo()),
        chaos.flag(ChaosKnob.BAD_SIGNATURE, notify.trigger(), notify.outTradeNo()));
  }

  private WechatMerchant merchant(PendingNotify notify) {
    return merchants
        .find(notify.mchid())
        .orElseThrow(() -> new IllegalStateException("merchant " + notify.mchid() + " is gone"));
  }

  private void afterAttempt(PendingNotify notify, boolean delivered) {
    int attempted = notify.attempts() + 1;
    if (delivered || attempted > schedule.size()) {
      pending.remove(notify.notifyId());
      version.incrementAndGet();
      if (!delivered) {
        log.info(
            "wechat_notify_gave_up notify_id={} out_trade_no={}",
            notify.notifyId(),
            notify.outTradeNo());
      }
      return;
    }
    long wait = (long) (schedule.get(attempted - 1).toMillis() * timeScale);
    PendingNotify next = notify.attempted(wallClock.instant().plusMillis(wait));
    if (pending.replace(notify.notifyId(), next) != null) {
      version.incrementAndGet();
      timer.schedule(() -> attempt(notify.notifyId()), wait, TimeUnit.MILLISECONDS);
    }
  }

  /** A delivery whose signature does not verify; the merchant must refuse it. Never retried. */
  private CompletableFuture<Void> probe(PendingNotify notify) {
    NotifyMessages.Message message;
    try {
      message = messages.probe(notify, merchant(notify));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(null);
    }
    HttpRequest request = request(notify, message);
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
        .handle(
            (response, error) -> {
              Integer status = response == null ? null : response.statusCode();
              boolean accepted = status != null && status >= 200 && status < 300;
              notifyLog.record(
                  logged(
                      notify,
                      notify.attempts() + 1,
                      0,
                      status,
                      response == null ? "no reply" : abbreviated(response.body()),
                      accepted ? "PROBE_ACCEPTED" : "PROBE_REJECTED",
                      message.headers(),
                      message.body()));
              return null;
            });
  }

  private CompletableFuture<Boolean> deliver(
      HttpClient client,
      PendingNotify notify,
      int attemptNo,
      int copy,
      NotifyMessages.Message message,
      long delayMillis) {
    HttpRequest request;
    try {
      request = request(notify, message);
    } catch (IllegalArgumentException badUrl) {
      notifyLog.record(
          logged(notify, attemptNo, copy, null, "invalid notify_url", "ERROR", Map.of(), null));
      return CompletableFuture.completedFuture(false);
    }
    CompletableFuture<Void> start =
        delayMillis <= 0
            ? CompletableFuture.completedFuture(null)
            : CompletableFuture.runAsync(
                () -> {}, CompletableFuture.delayedExecutor(delayMillis, TimeUnit.MILLISECONDS));
    return start
        .thenCompose(
            ready ->
                client.sendAsync(
                    request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8)))
        .handle(
            (response, error) -> {
              if (response == null) {
                String reason = error == null ? "no reply" : rootName(error);
                notifyLog.record(
                    logged(
                        notify,
                        attemptNo,
                        copy,
                        null,
                        reason,
                        "ERROR",
                        message.headers(),
                        message.body()));
                return false;
              }
              boolean success = acknowledged(notify, response);
              notifyLog.record(
                  logged(
                      notify,
                      attemptNo,
                      copy,
                      response.statusCode(),
                      abbreviated(response.body()),
                      success ? "DELIVERED" : "FAILED",
                      message.headers(),
                      message.body()));
              return success;
            });
  }

  private HttpRequest request(PendingNotify notify, NotifyMessages.Message message) {
    HttpRequest.Builder builder =
        HttpRequest.newBuilder(URI.create(notify.url()))
            .timeout(replyTimeout)
            .POST(HttpRequest.BodyPublishers.ofString(message.body(), StandardCharsets.UTF_8));
    message.headers().forEach(builder::header);
    return builder.build();
  }

  /** V3: any 2xx; V2: a 2xx whose XML says return_code SUCCESS. */
  private static boolean acknowledged(PendingNotify notify, HttpResponse<String> response) {
    boolean ok = response.statusCode() >= 200 && response.statusCode() < 300;
    if (!ok || notify.kind() == PendingNotify.Kind.V3) {
      return ok;
    }
    try {
      return "SUCCESS".equals(WechatXml.parse(response.body()).get("return_code"));
    } catch (IllegalArgumentException notXml) {
      return false;
    }
  }

  private NotifyAttempt logged(
      PendingNotify notify,
      int attemptNo,
      int copy,
      Integer status,
      String reply,
      String outcome,
      Map<String, String> headers,
      String body) {
    return new NotifyAttempt(
        notify.notifyId(),
        notify.kind().name(),
        notify.eventType(),
        notify.outTradeNo(),
        notify.trigger(),
        attemptNo,
        copy,
        clock.now(),
        notify.url(),
        status,
        reply,
        outcome,
        headers,
        body);
  }

  private long knob(ChaosKnob knob, PendingNotify notify) {
    return chaos.number(knob, notify.trigger(), notify.outTradeNo());
  }

  private static String rootName(Throwable error) {
    Throwable root = error;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root.getClass().getSimpleName();
  }

  private static String abbreviated(String body) {
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
