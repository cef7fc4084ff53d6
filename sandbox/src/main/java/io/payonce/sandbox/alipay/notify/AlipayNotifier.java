package io.payonce.sandbox.alipay.notify;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.SandboxResettable;
import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayPlatformKey;
import io.payonce.sandbox.alipay.ledger.TradeChange;
import io.payonce.sandbox.alipay.ledger.TradeChangeListener;
import io.payonce.sandbox.alipay.ledger.TradeStatus;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.clock.SandboxClock;
import java.math.BigDecimal;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Sends a signed notify for every trade change with a notify_url (not for WAIT_BUYER_PAY) and
 * retries it on Alipay's schedule, scaled, until the merchant answers exactly {@code success}.
 * Deliveries are asynchronous (a timer and the HTTP client's own threads), never in the caller.
 */
@Component
public class AlipayNotifier implements TradeChangeListener, SandboxResettable, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(AlipayNotifier.class);

  private final Map<String, PendingNotify> pending = new ConcurrentHashMap<>();
  private final List<String> shuffled = new ArrayList<>();
  private final AtomicLong version = new AtomicLong();
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sandbox-alipay-notify");
            thread.setDaemon(true);
            return thread;
          });
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  // Retries wait real (scaled) time; the sandbox clock only stamps what the merchant sees.
  private final Clock wallClock = Clock.systemUTC();
  private final Chaos chaos;
  private final SandboxClock clock;
  private final AlipayPlatformKey platformKey;
  private final NotifyLog notifyLog;
  private final SandboxProperties.Notify settings;

  AlipayNotifier(
      Chaos chaos,
      SandboxClock clock,
      AlipayPlatformKey platformKey,
      NotifyLog notifyLog,
      SandboxProperties properties) {
    this.chaos = chaos;
    this.clock = clock;
    this.platformKey = platformKey;
    this.notifyLog = notifyLog;
    this.settings = properties.getAlipay().getNotify();
  }

  @Override
  public void tradeChanged(TradeChange change) {
    String url = change.order().terms().notifyUrl();
    if (url == null || change.order().trade().status() == TradeStatus.WAIT_BUYER_PAY) {
      return;
    }
    String notifyId = AlipayIds.notifyId(clock.now());
    PendingNotify notify =
        new PendingNotify(
            notifyId,
            change.order().outTradeNo(),
            url,
            change.trigger(),
            Map.copyOf(NotifyParams.of(change, notifyId)),
            0,
            wallClock.instant());
    pending.put(notifyId, notify);
    version.incrementAndGet();
    long delay = knob(ChaosKnob.NOTIFY_DELAY_MS, notify);
    timer.schedule(() -> first(notifyId), delay, TimeUnit.MILLISECONDS);
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
    if (notify != null
        && chaos.flag(ChaosKnob.NOTIFY_SHUFFLE, notify.trigger(), notify.outTradeNo())) {
      hold(notifyId, knob(ChaosKnob.NOTIFY_SHUFFLE_WINDOW_MS, notify));
    } else {
      attempt(notifyId);
    }
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
      notifyLog.record(logged(notify, attemptNo, 1, null, null, "DROPPED", notify.params()));
      return CompletableFuture.completedFuture(null);
    }
    Map<String, String> form = signed(notify);
    int copies = (int) Math.max(1, knob(ChaosKnob.NOTIFY_COPIES, notify));
    List<CompletableFuture<Boolean>> deliveries =
        IntStream.rangeClosed(1, copies)
            .mapToObj(copy -> deliver(notify, attemptNo, copy, form))
            .toList();
    return CompletableFuture.allOf(deliveries.toArray(CompletableFuture[]::new))
        .thenRun(() -> afterAttempt(notify, deliveries.stream().anyMatch(CompletableFuture::join)));
  }

  private void afterAttempt(PendingNotify notify, boolean delivered) {
    List<Duration> schedule = settings.getRetrySchedule();
    int attempted = notify.attempts() + 1;
    if (delivered || attempted > schedule.size()) {
      pending.remove(notify.notifyId());
      version.incrementAndGet();
      if (!delivered) {
        log.info(
            "notify_gave_up notify_id={} out_trade_no={}", notify.notifyId(), notify.outTradeNo());
      }
      return;
    }
    long wait = (long) (schedule.get(attempted - 1).toMillis() * settings.getTimeScale());
    PendingNotify next = notify.attempted(wallClock.instant().plusMillis(wait));
    if (pending.replace(notify.notifyId(), next) != null) {
      version.incrementAndGet();
      timer.schedule(() -> attempt(notify.notifyId()), wait, TimeUnit.MILLISECONDS);
    }
  }

  private CompletableFuture<Boolean> deliver(
      PendingNotify notify, int attemptNo, int copy, Map<String, String> form) {
    HttpRequest request;
    try {
      request =
          HttpRequest.newBuilder(URI.create(notify.url()))
              .timeout(settings.getReplyTimeout())
              .header("Content-Type", "application/x-www-form-urlencoded; charset=utf-8")
              .POST(HttpRequest.BodyPublishers.ofString(encode(form), StandardCharsets.UTF_8))
              .build();
    } catch (IllegalArgumentException badUrl) {
      notifyLog.record(logged(notify, attemptNo, copy, null, "invalid notify_url", "ERROR", form));
      return CompletableFuture.completedFuture(false);
    }
    return http.sendAsync(request, HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8))
        .handle(
            (response, error) -> {
              if (response == null) {
                String reason = error == null ? "no reply" : error.getClass().getSimpleName();
                notifyLog.record(logged(notify, attemptNo, copy, null, reason, "ERROR", form));
                return false;
              }
              boolean success = response.statusCode() == 200 && "success".equals(response.body());
              notifyLog.record(
                  logged(
                      notify,
                      attemptNo,
                      copy,
                      response.statusCode(),
                      abbreviated(response.body()),
                      success ? "DELIVERED" : "FAILED",
                      form));
              return success;
            });
  }

  /** The form for one attempt: fresh notify_time, chaos applied, signed V1-style. */
  private Map<String, String> signed(PendingNotify notify) {
    Map<String, String> form = new LinkedHashMap<>(notify.params());
    form.put("notify_time", io.payonce.sandbox.alipay.AlipayTime.format(clock.now()));
    if (chaos.flag(ChaosKnob.TAMPER_AMOUNT, notify.trigger(), notify.outTradeNo())) {
      form.put(
          "total_amount",
          AlipayIds.money(new BigDecimal(form.get("total_amount")).add(BigDecimal.ONE)));
    }
    String content = NotifyParams.signatureContent(form);
    if (chaos.flag(ChaosKnob.BAD_SIGNATURE, notify.trigger(), notify.outTradeNo())) {
      content = content + "&forged=true";
    }
    form.put("sign_type", "RSA2");
    form.put("sign", platformKey.sign(content, StandardCharsets.UTF_8));
    return form;
  }

  private NotifyAttempt logged(
      PendingNotify notify,
      int attemptNo,
      int copy,
      Integer status,
      String reply,
      String outcome,
      Map<String, String> form) {
    return new NotifyAttempt(
        notify.notifyId(),
        notify.outTradeNo(),
        notify.params().get("trade_status"),
        notify.trigger(),
        attemptNo,
        copy,
        clock.now(),
        notify.url(),
        status,
        reply,
        outcome,
        form);
  }

  private long knob(ChaosKnob knob, PendingNotify notify) {
    return chaos.number(knob, notify.trigger(), notify.outTradeNo());
  }

  private static String encode(Map<String, String> form) {
    return form.entrySet().stream()
        .map(
            e ->
                URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)
                    + "="
                    + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
        .collect(Collectors.joining("&"));
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
