package io.payonce.server.alipay;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelNotice;
import io.payonce.server.notify.CallbackDelivery;
import io.payonce.server.notify.CallbackProtocol;
import io.payonce.server.notify.CallbackReading;
import io.payonce.server.notify.CallbackReply;
import io.payonce.server.notify.PayloadHash;
import io.payonce.server.notify.Verdict;
import io.payonce.server.payment.NotifyRoute;
import java.util.Map;
import org.springframework.http.MediaType;

/**
 * Alipay's asynchronous notification ({@code POST /pay/alipay/notify}, form-encoded): verified and
 * routed by the app_id it names ({@link AlipayNotifyVerifier}), answered with the exact body {@code
 * success} only when the fact is in our books, else {@code fail} — and Alipay delivers again.
 */
class AlipayNotifies implements CallbackProtocol {

  static final String PATH = "/pay/alipay/notify";
  static final String SUCCESS = "success";
  static final String FAIL = "fail";

  private final AlipayNotifyVerifier verifier;

  AlipayNotifies(AlipayNotifyVerifier verifier) {
    this.verifier = verifier;
  }

  @Override
  public Channel channel() {
    return Channel.ALIPAY;
  }

  @Override
  public String protocol() {
    return "notify";
  }

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public Body body() {
    return Body.FORM;
  }

  @Override
  public CallbackReading read(CallbackDelivery delivery) {
    Map<String, String> params = delivery.form();
    CallbackReading.Shown shown =
        new CallbackReading.Shown(
            params.get("out_trade_no"),
            params.get("notify_id"),
            params.get("trade_status"),
            params.get("total_amount"),
            PayloadHash.of(params));
    AlipayNotifyVerifier.Verification verification = verifier.verify(params);
    if (!verification.verified()) {
      AlarmType alarm =
          switch (verification.rejection()) {
            case BAD_SIGNATURE -> AlarmType.BAD_SIGNATURE;
            case APP_ID_MISMATCH -> AlarmType.APP_ID_MISMATCH;
            case MALFORMED -> AlarmType.MALFORMED_NOTIFY;
          };
      String outcome = verification.rejection().name();
      return verification.signed()
          ? new CallbackReading.Refused(alarm, outcome, verification.detail(), shown)
          : new CallbackReading.Unproven(alarm, outcome, verification.detail(), shown);
    }
    ChannelNotice notice = verification.notice();
    return new CallbackReading.TradeReport(
        notice.trade(),
        notice.eventKey(),
        new NotifyRoute(verification.configKey(), params.get("app_id")),
        shown);
  }

  @Override
  public CallbackReply reply(Verdict verdict) {
    String body = verdict == Verdict.TAKEN ? SUCCESS : FAIL;
    return new CallbackReply(200, MediaType.TEXT_PLAIN, body, body);
  }

  @Override
  public CallbackReply failure(int status) {
    return new CallbackReply(status, MediaType.TEXT_PLAIN, FAIL, FAIL);
  }
}
