package io.payonce.sandbox.wechat.notify;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.notify.Delivery;
import io.payonce.sandbox.notify.Notifier;
import io.payonce.sandbox.notify.RetrySchedule;
import io.payonce.sandbox.wechat.WechatMerchant;
import io.payonce.sandbox.wechat.WechatMerchants;
import io.payonce.sandbox.wechat.WechatPlatformKey;
import io.payonce.sandbox.wechat.WechatXml;
import io.payonce.sandbox.wechat.ledger.OrderChange;
import io.payonce.sandbox.wechat.ledger.OrderChangeListener;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.springframework.stereotype.Component;

/**
 * Sends the notifies of order changes — APIv3 TRANSACTION.SUCCESS to the order's notify_url,
 * REFUND.SUCCESS / ABNORMAL / CLOSED to the refund's, the APIv2 XML payment notify where asked —
 * retried on WeChat's schedule until acknowledged. Adds WeChat's own knobs: the signature probe
 * before a notify, and each attempt delivered twice.
 */
@Component
public class WechatNotifier extends Notifier<PendingNotify, NotifyMessages.Message>
    implements OrderChangeListener {

  // A second client, so that notifyTwice's second delivery travels on another connection.
  private final HttpClient secondHttp = client();
  private final NotifyLog notifyLog;
  private final NotifyMessages messages;
  private final WechatMerchants merchants;

  WechatNotifier(
      Chaos chaos,
      SandboxClock clock,
      WechatPlatformKey platformKey,
      WechatMerchants merchants,
      NotifyLog notifyLog,
      SandboxProperties properties) {
    super("wechat", chaos, clock, schedule(properties), client());
    this.notifyLog = notifyLog;
    this.merchants = merchants;
    // Signature timestamps are real time too: merchants compare them with their own clock.
    this.messages = new NotifyMessages(platformKey, wallClock);
  }

  /** WeChat's schedule; without a time scale of its own, the Alipay notifier's applies. */
  private static RetrySchedule schedule(SandboxProperties properties) {
    SandboxProperties.WechatNotify settings = properties.getWechat().getNotify();
    double timeScale =
        settings.getTimeScale() != null
            ? settings.getTimeScale()
            : properties.getAlipay().getNotify().getTimeScale();
    return new RetrySchedule(settings.getRetrySchedule(), timeScale, settings.getReplyTimeout());
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

  @Override
  protected NotifyMessages.Message request(PendingNotify notify) {
    return messages.build(
        notify,
        merchant(notify),
        new NotifyMessages.Chaos(
            flag(ChaosKnob.TAMPER_AMOUNT, notify), flag(ChaosKnob.BAD_SIGNATURE, notify)));
  }

  /** V3: any 2xx; V2: a 2xx whose XML says return_code SUCCESS. */
  @Override
  protected boolean acknowledged(PendingNotify notify, HttpResponse<String> response) {
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

  /** With the headers and body sent; none when nothing went on the wire. */
  @Override
  protected void journal(PendingNotify notify, Delivery delivery, NotifyMessages.Message request) {
    boolean sent = delivery.sent() && request != null;
    notifyLog.record(
        new NotifyAttempt(
            notify.notifyId(),
            notify.kind().name(),
            notify.eventType(),
            notify.outTradeNo(),
            notify.trigger(),
            delivery.attempt(),
            delivery.copy(),
            delivery.at(),
            notify.url(),
            delivery.httpStatus(),
            delivery.reply(),
            delivery.outcome(),
            sent ? request.headers() : Map.of(),
            sent ? request.body() : null));
  }

  /** notifySignatureProbe: before a V3 notify, one whose signature does not verify. */
  @Override
  protected CompletableFuture<Void> beforeFirstAttempt(PendingNotify notify) {
    return notify.kind() == PendingNotify.Kind.V3 && flag(ChaosKnob.NOTIFY_SIGNATURE_PROBE, notify)
        ? probe(notify)
        : CompletableFuture.completedFuture(null);
  }

  /** notifyTwice: the attempt once more, on another connection, notifyTwiceGapMs later. */
  @Override
  protected List<CompletableFuture<Boolean>> moreDeliveries(
      PendingNotify notify, int attemptNo, int copies, NotifyMessages.Message request) {
    if (!flag(ChaosKnob.NOTIFY_TWICE, notify)) {
      return List.of();
    }
    long gap = knob(ChaosKnob.NOTIFY_TWICE_GAP_MS, notify);
    return List.of(deliver(secondHttp, notify, attemptNo, copies + 1, request, gap));
  }

  private WechatMerchant merchant(PendingNotify notify) {
    return merchants
        .find(notify.mchid())
        .orElseThrow(() -> new IllegalStateException("merchant " + notify.mchid() + " is gone"));
  }

  /** A delivery whose signature does not verify; the merchant must refuse it. Never retried. */
  private CompletableFuture<Void> probe(PendingNotify notify) {
    NotifyMessages.Message message;
    try {
      message = messages.probe(notify, merchant(notify));
    } catch (RuntimeException e) {
      return CompletableFuture.completedFuture(null);
    }
    HttpRequest request = post(notify, message);
    return send(request)
        .handle(
            (response, error) -> {
              Integer status = response == null ? null : response.statusCode();
              boolean accepted = status != null && status >= 200 && status < 300;
              journal(
                  notify,
                  delivery(
                      notify.attempts() + 1,
                      0,
                      status,
                      response == null ? "no reply" : abbreviated(response.body()),
                      accepted ? "PROBE_ACCEPTED" : "PROBE_REJECTED",
                      true),
                  message);
              return null;
            });
  }
}
