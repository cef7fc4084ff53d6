package io.payonce.server.wechat;

import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.log.Untrusted;
import io.payonce.server.notify.CallbackDelivery;
import io.payonce.server.notify.CallbackProtocol;
import io.payonce.server.notify.CallbackReading;
import io.payonce.server.notify.CallbackReading.Shown;
import io.payonce.server.notify.CallbackReply;
import io.payonce.server.notify.PayloadHash;
import io.payonce.server.notify.Verdict;
import io.payonce.server.payment.NotifyRoute;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import org.springframework.http.MediaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * WeChat Pay's APIv3 notification ({@code POST /pay/wechat/notify}, a stored merchant's at {@code
 * /{configKey}}: the body is encrypted with the merchant's key, so the address routes it). The
 * library verifies the signature over the raw body and decrypts; we check the signed timestamp is
 * fresh (the library does not) and that the merchant and app are ours. Taken is a 204; anything
 * else a 4xx/5xx with {@code {"code","message"}}, and WeChat delivers again.
 */
class WechatV3Notifies implements CallbackProtocol {

  static final String PATH = "/pay/wechat/notify";

  /** The failure body; it says nothing of the refused request. */
  static final String FAIL_BODY = "{\"code\":\"FAIL\",\"message\":\"失败\"}";

  private static final JsonMapper json = JsonMapper.builder().build();

  private final WechatAccounts accounts;
  private final Duration window;
  private final Clock wallClock;

  /**
   * @param wallClock what the signed timestamp is compared with: WeChat signs with its clock, so
   *     the comparison is with real time, never with a business clock that tests move
   */
  WechatV3Notifies(WechatAccounts accounts, Duration window, Clock wallClock) {
    this.accounts = accounts;
    this.window = window;
    this.wallClock = wallClock;
  }

  @Override
  public Channel channel() {
    return Channel.WECHAT;
  }

  @Override
  public String protocol() {
    return "v3";
  }

  @Override
  public String path() {
    return PATH;
  }

  @Override
  public boolean routedByPath() {
    return true;
  }

  @Override
  public CallbackReading read(CallbackDelivery delivery) {
    String body = delivery.body();
    String hash = PayloadHash.of(body);
    Envelope envelope = Envelope.read(body);
    Shown anonymous = envelope == null ? shown(null, null, null, null, hash) : envelope.shown(hash);
    if (delivery.header("Wechatpay-Signature") == null
        || delivery.header("Wechatpay-Timestamp") == null
        || delivery.header("Wechatpay-Nonce") == null
        || delivery.header("Wechatpay-Serial") == null
        || envelope == null) {
      return unproven(AlarmType.MALFORMED_NOTIFY, "MALFORMED", "unreadable", anonymous);
    }
    String configKey = ChannelConfigKey.orBootstrap(delivery.configKey());
    WechatAccounts.Account account = accounts.account(configKey).orElse(null);
    if (account == null) {
      return unproven(
          AlarmType.MALFORMED_NOTIFY,
          "UNKNOWN_CONFIGURATION",
          "no configuration " + Untrusted.forLog(configKey),
          anonymous);
    }
    RequestParam param =
        new RequestParam.Builder()
            .serialNumber(delivery.header("Wechatpay-Serial"))
            .signature(delivery.header("Wechatpay-Signature"))
            .timestamp(delivery.header("Wechatpay-Timestamp"))
            .nonce(delivery.header("Wechatpay-Nonce"))
            .signType(delivery.header("Wechatpay-Signature-Type"))
            .body(body)
            .build();
    boolean refund = envelope.eventType().startsWith("REFUND.");
    Object content;
    try {
      var parser = account.provider().clients().parser();
      content =
          refund
              ? parser.parse(param, RefundNotification.class)
              : parser.parse(param, Transaction.class);
    } catch (RuntimeException e) {
      // ValidationException (signature), DecryptionException, MalformedMessageException.
      return unproven(AlarmType.BAD_SIGNATURE, "BAD_SIGNATURE", e.getClass().getName(), anonymous);
    }
    String timestamp = delivery.header("Wechatpay-Timestamp");
    if (!fresh(timestamp)) {
      return unproven(
          AlarmType.BAD_SIGNATURE,
          "STALE",
          "timestamp " + Untrusted.forLog(timestamp) + " outside " + window,
          anonymous);
    }
    return refund
        ? refund(account, envelope, (RefundNotification) content, hash)
        : payment(account, envelope, (Transaction) content, hash);
  }

  private CallbackReading payment(
      WechatAccounts.Account account, Envelope envelope, Transaction t, String hash) {
    String outTradeNo = t.getOutTradeNo();
    Shown refusedShown = envelope.shown(outTradeNo, hash);
    WechatClientProvider provider = account.provider();
    if (!provider.mchid().equals(t.getMchid()) || !provider.owns(t.getAppid())) {
      return new CallbackReading.Refused(
          AlarmType.APP_ID_MISMATCH,
          "APP_ID_MISMATCH",
          "mchid " + Untrusted.forLog(t.getMchid()) + " appid " + Untrusted.forLog(t.getAppid()),
          refusedShown);
    }
    ChannelTrade trade;
    try {
      trade = WechatChannel.toTrade(outTradeNo, t);
      if (outTradeNo == null || trade.tradeNo() == null) {
        throw new IllegalArgumentException("missing out_trade_no or transaction_id");
      }
    } catch (RuntimeException e) {
      return new CallbackReading.Refused(
          AlarmType.MALFORMED_NOTIFY, "MALFORMED", e.getMessage(), refusedShown);
    }
    Shown shown =
        shown(
            outTradeNo,
            envelope.id(),
            t.getTradeState() == null ? envelope.eventType() : t.getTradeState().name(),
            t.getAmount() == null ? null : String.valueOf(t.getAmount().getTotal()),
            hash);
    return new CallbackReading.TradeReport(
        trade,
        trade.tradeNo() + ":" + t.getTradeState(),
        new NotifyRoute(account.configKey(), t.getMchid()),
        shown);
  }

  private static CallbackReading refund(
      WechatAccounts.Account account, Envelope envelope, RefundNotification n, String hash) {
    String outTradeNo = n.getOutTradeNo();
    Shown shown = envelope.shown(outTradeNo, hash);
    if (outTradeNo == null || n.getOutRefundNo() == null) {
      return new CallbackReading.Refused(
          AlarmType.MALFORMED_NOTIFY, "MALFORMED", "no refund number", shown);
    }
    return new CallbackReading.RefundReport(
        outTradeNo,
        n.getOutRefundNo(),
        new NotifyRoute(account.configKey(), account.provider().mchid()),
        shown);
  }

  private boolean fresh(String timestamp) {
    try {
      Instant signed = Instant.ofEpochSecond(Long.parseLong(timestamp.trim()));
      return Duration.between(signed, wallClock.instant()).abs().compareTo(window) <= 0;
    } catch (RuntimeException e) {
      return false;
    }
  }

  private static CallbackReading unproven(
      AlarmType alarm, String outcome, String detail, Shown shown) {
    return new CallbackReading.Unproven(alarm, outcome, detail, shown);
  }

  private static Shown shown(
      String outTradeNo, String notifyId, String tradeStatus, String amount, String hash) {
    return new Shown(outTradeNo, notifyId, tradeStatus, amount, hash);
  }

  @Override
  public CallbackReply reply(Verdict verdict) {
    return switch (verdict) {
      case TAKEN -> new CallbackReply(204, null, "", "204");
      case REFUSED -> failure(400);
      case RETRY -> failure(500);
    };
  }

  @Override
  public CallbackReply failure(int status) {
    return new CallbackReply(status, MediaType.APPLICATION_JSON, FAIL_BODY, status + " FAIL");
  }

  /** The notification's outer, unencrypted fields; trusted only once the signature verified. */
  private record Envelope(String id, String eventType) {

    static Envelope read(String body) {
      try {
        JsonNode root = json.readTree(body);
        String eventType = root.path("event_type").asString("");
        if (eventType.isBlank() || !root.path("resource").isObject()) {
          return null;
        }
        return new Envelope(root.path("id").asString(null), eventType);
      } catch (RuntimeException e) {
        return null;
      }
    }

    /** A receipt's view before the content is known. */
    Shown shown(String hash) {
      return shown(null, hash);
    }

    Shown shown(String outTradeNo, String hash) {
      return new Shown(outTradeNo, id, eventType, null, hash);
    }
  }
}
