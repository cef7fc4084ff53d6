package io.payonce.sandbox.alipay.notify;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayPlatformKey;
import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.alipay.ledger.TradeChange;
import io.payonce.sandbox.alipay.ledger.TradeChangeListener;
import io.payonce.sandbox.alipay.ledger.TradeStatus;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.notify.Delivery;
import io.payonce.sandbox.notify.Notifier;
import io.payonce.sandbox.notify.RetrySchedule;
import java.math.BigDecimal;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.stereotype.Component;

/**
 * Sends a signed notify for every trade change with a notify_url (not for WAIT_BUYER_PAY), a form
 * POST retried on Alipay's schedule until the merchant answers exactly {@code success}.
 */
@Component
public class AlipayNotifier extends Notifier<PendingNotify, AlipayNotifier.SignedForm>
    implements TradeChangeListener {

  private final AlipayPlatformKey platformKey;
  private final NotifyLog notifyLog;

  AlipayNotifier(
      Chaos chaos,
      SandboxClock clock,
      AlipayPlatformKey platformKey,
      NotifyLog notifyLog,
      SandboxProperties properties) {
    super(
        "alipay",
        chaos,
        clock,
        schedule(properties.getAlipay().getNotify()),
        HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build());
    this.platformKey = platformKey;
    this.notifyLog = notifyLog;
  }

  private static RetrySchedule schedule(SandboxProperties.Notify settings) {
    return new RetrySchedule(
        settings.getRetrySchedule(), settings.getTimeScale(), settings.getReplyTimeout());
  }

  /** One attempt's form, signed; posted form-encoded. */
  record SignedForm(Map<String, String> form) implements Notifier.Request {

    @Override
    public Map<String, String> headers() {
      return Map.of("Content-Type", "application/x-www-form-urlencoded; charset=utf-8");
    }

    @Override
    public String body() {
      return form.entrySet().stream()
          .map(
              e ->
                  URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8)
                      + "="
                      + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
          .collect(Collectors.joining("&"));
    }
  }

  @Override
  public void tradeChanged(TradeChange change) {
    String url = change.order().terms().notifyUrl();
    if (url == null || change.order().trade().status() == TradeStatus.WAIT_BUYER_PAY) {
      return;
    }
    String notifyId = AlipayIds.notifyId(clock.now());
    enqueue(
        new PendingNotify(
            notifyId,
            change.order().outTradeNo(),
            url,
            change.trigger(),
            Map.copyOf(NotifyParams.of(change, notifyId)),
            0,
            wallClock.instant()));
  }

  /** The form for one attempt: fresh notify_time, chaos applied, signed V1-style. */
  @Override
  protected SignedForm request(PendingNotify notify) {
    Map<String, String> form = new LinkedHashMap<>(notify.params());
    form.put("notify_time", AlipayTime.format(clock.now()));
    if (flag(ChaosKnob.TAMPER_AMOUNT, notify)) {
      form.put(
          "total_amount",
          AlipayIds.money(new BigDecimal(form.get("total_amount")).add(BigDecimal.ONE)));
    }
    String content = NotifyParams.signatureContent(form);
    if (flag(ChaosKnob.BAD_SIGNATURE, notify)) {
      content = content + "&forged=true";
    }
    form.put("sign_type", "RSA2");
    form.put("sign", platformKey.sign(content, StandardCharsets.UTF_8));
    return new SignedForm(form);
  }

  @Override
  protected boolean acknowledged(PendingNotify notify, HttpResponse<String> response) {
    return response.statusCode() == 200 && "success".equals(response.body());
  }

  /** The HTTP client's own exception, as this journal has always named it. */
  @Override
  protected String noReply(Throwable error) {
    return error.getClass().getSimpleName();
  }

  /** With the form as signed (or, if none was built, as fixed at the trade change). */
  @Override
  protected void journal(PendingNotify notify, Delivery delivery, SignedForm request) {
    notifyLog.record(
        new NotifyAttempt(
            notify.notifyId(),
            notify.outTradeNo(),
            notify.params().get("trade_status"),
            notify.trigger(),
            delivery.attempt(),
            delivery.copy(),
            delivery.at(),
            notify.url(),
            delivery.httpStatus(),
            delivery.reply(),
            delivery.outcome(),
            request == null ? notify.params() : request.form()));
  }
}
