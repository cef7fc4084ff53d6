package io.payonce.server.wechat;

import com.wechat.pay.java.core.notification.RequestParam;
import com.wechat.pay.java.service.payments.model.Transaction;
import com.wechat.pay.java.service.refund.model.RefundNotification;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.log.Untrusted;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.notify.NotifyReceipts;
import io.payonce.server.payment.ApplyResult;
import io.payonce.server.payment.ChannelFact;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.NotifyRoute;
import io.payonce.server.payment.NotifyRouting;
import io.payonce.server.refund.Refunds;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * WeChat Pay's APIv3 notification, in the order that keeps it safe: the library verifies the
 * signature and decrypts; we check the signed timestamp is fresh (the library does not), that the
 * merchant and app are ours, then hand the trade to the one applier with its dedup row (the amount
 * is checked there against the payment). Success is a 204; anything else is a 4xx/5xx with {@code
 * {"code","message"}}, and WeChat delivers again.
 */
public class WechatNotifyHandler {

  /** The failure body; it says nothing of the refused request. */
  public static final String FAIL_BODY = "{\"code\":\"FAIL\",\"message\":\"失败\"}";

  private static final Logger log = LoggerFactory.getLogger(WechatNotifyHandler.class);
  private static final JsonMapper json = JsonMapper.builder().build();

  private final WechatAccounts accounts;
  private final NotifyRouting routing;
  private final ChannelResultApplier applier;
  private final Refunds refunds;
  private final NotifyReceipts receipts;
  private final Alarms alarms;
  private final Duration window;
  private final Clock clock;
  private final Clock wallClock;

  WechatNotifyHandler(
      WechatAccounts accounts,
      NotifyRouting routing,
      ChannelResultApplier applier,
      Refunds refunds,
      NotifyReceipts receipts,
      Alarms alarms,
      Duration window,
      Clock clock,
      Clock wallClock) {
    this.accounts = accounts;
    this.routing = routing;
    this.applier = applier;
    this.refunds = refunds;
    this.receipts = receipts;
    this.alarms = alarms;
    this.window = window;
    this.clock = clock;
    this.wallClock = wallClock;
  }

  /** The signed headers of a delivery, as received (any may be null). */
  public record Headers(
      String serial, String signature, String timestamp, String nonce, String signatureType) {}

  /** The HTTP answer: 204 when taken, else the status to send with {@link #FAIL_BODY}. */
  public record Reply(int status) {
    public boolean accepted() {
      return status == 204;
    }
  }

  private static final Reply TAKEN = new Reply(204);
  private static final Reply REFUSED = new Reply(400);
  private static final Reply RETRY = new Reply(500);

  /** Handles one delivery to the bootstrap merchant's path. */
  public Reply handle(Headers headers, String body) {
    return handle(ChannelConfigKey.BOOTSTRAP, headers, body);
  }

  /** Handles one delivery to the path of the configuration {@code configKey}. */
  public Reply handle(String configKey, Headers headers, String body) {
    String hash = sha256(body);
    Envelope envelope = Envelope.read(body);
    if (headers.signature() == null
        || headers.timestamp() == null
        || headers.nonce() == null
        || headers.serial() == null
        || envelope == null) {
      return refuseAnyones(
          AlarmType.MALFORMED_NOTIFY, null, envelope, hash, "MALFORMED", "unreadable");
    }
    WechatAccounts.Account account = accounts.account(configKey).orElse(null);
    if (account == null) {
      return refuseAnyones(
          AlarmType.MALFORMED_NOTIFY,
          null,
          envelope,
          hash,
          "UNKNOWN_CONFIGURATION",
          "no configuration " + Untrusted.forLog(configKey));
    }
    RequestParam param =
        new RequestParam.Builder()
            .serialNumber(headers.serial())
            .signature(headers.signature())
            .timestamp(headers.timestamp())
            .nonce(headers.nonce())
            .signType(headers.signatureType())
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
      return refuseAnyones(
          AlarmType.BAD_SIGNATURE, null, envelope, hash, "BAD_SIGNATURE", e.getClass().getName());
    }
    if (!fresh(headers.timestamp())) {
      return refuseAnyones(
          AlarmType.BAD_SIGNATURE,
          null,
          envelope,
          hash,
          "STALE",
          "timestamp " + Untrusted.forLog(headers.timestamp()) + " outside " + window);
    }
    return refund
        ? refund(account, envelope, (RefundNotification) content, hash)
        : payment(account, envelope, (Transaction) content, hash);
  }

  private Reply payment(
      WechatAccounts.Account account, Envelope envelope, Transaction t, String hash) {
    String outTradeNo = t.getOutTradeNo();
    WechatClientProvider provider = account.provider();
    if (!provider.mchid().equals(t.getMchid()) || !provider.appid().equals(t.getAppid())) {
      return refuse(
          AlarmType.APP_ID_MISMATCH,
          outTradeNo,
          envelope,
          hash,
          "APP_ID_MISMATCH",
          "mchid " + Untrusted.forLog(t.getMchid()) + " appid " + Untrusted.forLog(t.getAppid()));
    }
    ChannelTrade trade;
    try {
      trade = WechatChannel.toTrade(outTradeNo, t);
      if (outTradeNo == null || trade.tradeNo() == null) {
        throw new IllegalArgumentException("missing out_trade_no or transaction_id");
      }
    } catch (RuntimeException e) {
      return refuse(
          AlarmType.MALFORMED_NOTIFY, outTradeNo, envelope, hash, "MALFORMED", e.getMessage());
    }
    String eventKey = trade.tradeNo() + ":" + t.getTradeState();
    ApplyResult result;
    try {
      result =
          applier.apply(
              trade,
              TransitionSource.NOTIFY,
              new ChannelFact(Channel.WECHAT.name(), eventKey, hash),
              new NotifyRoute(account.configKey(), t.getMchid()));
    } catch (DataAccessException e) {
      // Transient (database down, lock timeout): WeChat will deliver it again.
      return record(
          outTradeNo, envelope, eventKey, t, hash, "ERROR", RETRY, e.getClass().getSimpleName());
    }
    io.payonce.server.chaos.CrashPoints.reach("after-success-commit");
    Reply reply = result.accepted() ? TAKEN : REFUSED;
    return record(
        outTradeNo,
        envelope,
        eventKey,
        t,
        hash,
        result.kind().name(),
        reply,
        "payment " + result.current());
  }

  /**
   * A refund notification only triggers our own question to the channel (the refund's query), so it
   * needs no cross-check of its own: a refund number we do not know changes nothing.
   */
  private Reply refund(
      WechatAccounts.Account account, Envelope envelope, RefundNotification n, String hash) {
    String outTradeNo = n.getOutTradeNo();
    if (outTradeNo == null || n.getOutRefundNo() == null) {
      return refuse(
          AlarmType.MALFORMED_NOTIFY, outTradeNo, envelope, hash, "MALFORMED", "no refund number");
    }
    Optional<String> mismatch =
        routing.mismatch(outTradeNo, account.configKey(), account.provider().mchid());
    if (mismatch.isPresent()) {
      return refuse(
          AlarmType.APP_ID_MISMATCH, outTradeNo, envelope, hash, "CONFIG_MISMATCH", mismatch.get());
    }
    String outcome;
    try {
      outcome =
          refunds
              .settleReported(outTradeNo, n.getOutRefundNo())
              .map(r -> "refund " + r.status())
              .orElse("refund unknown here");
    } catch (DataAccessException e) {
      return record(
          outTradeNo, envelope, null, null, hash, "ERROR", RETRY, e.getClass().getSimpleName());
    }
    return record(outTradeNo, envelope, null, null, hash, "REFUND_CHECKED", TAKEN, outcome);
  }

  /**
   * Whether the signed timestamp is within the window of real time: WeChat signs with its clock, so
   * the comparison is with ours (the wall clock), never with a business clock that tests move.
   */
  private boolean fresh(String timestamp) {
    try {
      Instant signed = Instant.ofEpochSecond(Long.parseLong(timestamp.trim()));
      return Duration.between(signed, wallClock.instant()).abs().compareTo(window) <= 0;
    } catch (RuntimeException e) {
      return false;
    }
  }

  /** Refused although WeChat Pay signed it: a configuration problem worth an alarm every time. */
  private Reply refuse(
      AlarmType alarm,
      String outTradeNo,
      Envelope envelope,
      String hash,
      String outcome,
      String detail) {
    alarms.raise(alarm, Channel.WECHAT.name(), outTradeNo, detail);
    return record(outTradeNo, envelope, null, null, hash, outcome, REFUSED, detail);
  }

  /**
   * Refused before it was known to be WeChat Pay's (or as a replay of it): anyone could have sent
   * it, so its alarm and receipt are within the budget for those; beyond, only counted.
   */
  private Reply refuseAnyones(
      AlarmType alarm,
      String outTradeNo,
      Envelope envelope,
      String hash,
      String outcome,
      String detail) {
    if (!alarms.raiseForRefusedCallback(alarm, Channel.WECHAT.name(), outTradeNo, detail)) {
      return REFUSED;
    }
    return record(outTradeNo, envelope, null, null, hash, outcome, REFUSED, detail);
  }

  private Reply record(
      String outTradeNo,
      Envelope envelope,
      String eventKey,
      Transaction t,
      String hash,
      String outcome,
      Reply reply,
      String detail) {
    String replyText = reply.accepted() ? "204" : reply.status() + " FAIL";
    try {
      receipts.record(
          new NotifyReceipt(
              Channel.WECHAT.name(),
              outTradeNo,
              envelope == null ? null : envelope.id(),
              eventKey,
              t == null || t.getTradeState() == null
                  ? (envelope == null ? null : envelope.eventType())
                  : t.getTradeState().name(),
              t == null || t.getAmount() == null ? null : String.valueOf(t.getAmount().getTotal()),
              outcome,
              replyText,
              detail,
              hash,
              clock.instant()));
    } catch (DataAccessException e) {
      log.warn("notify receipt not recorded reason={}", e.getClass().getSimpleName());
    }
    log.info(
        "notify channel=wechat outTradeNo={} notifyId={} outcome={} reply={}",
        Untrusted.forLog(outTradeNo),
        envelope == null ? null : Untrusted.forLog(envelope.id()),
        outcome,
        replyText);
    return reply;
  }

  private static String sha256(String body) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(body.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
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
  }
}
