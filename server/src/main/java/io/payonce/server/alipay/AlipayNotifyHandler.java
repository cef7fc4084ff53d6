package io.payonce.server.alipay;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelNotice;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.log.Untrusted;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.notify.NotifyReceipts;
import io.payonce.server.payment.ApplyResult;
import io.payonce.server.payment.ChannelFact;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.NotifyRoute;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Clock;
import java.util.HexFormat;
import java.util.Map;
import java.util.TreeMap;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;

/**
 * Alipay's asynchronous notification, in the order that keeps it safe: verify the signature and
 * that it is ours, find the payment, check the amount, then apply it with its dedup row in one
 * transaction. Replies {@code success} only when the fact is in our books (now or before), so that
 * Alipay keeps retrying everything else.
 */
@Service
public class AlipayNotifyHandler {

  public static final String SUCCESS = "success";
  public static final String FAIL = "fail";

  private static final Logger log = LoggerFactory.getLogger(AlipayNotifyHandler.class);

  private final AlipayNotifyVerifier verifier;
  private final ChannelResultApplier applier;
  private final NotifyReceipts receipts;
  private final Alarms alarms;
  private final Clock clock;

  AlipayNotifyHandler(
      AlipayNotifyVerifier verifier,
      ChannelResultApplier applier,
      NotifyReceipts receipts,
      Alarms alarms,
      Clock clock) {
    this.verifier = verifier;
    this.applier = applier;
    this.receipts = receipts;
    this.alarms = alarms;
    this.clock = clock;
  }

  /** Handles one delivery and returns the exact reply body for Alipay. */
  public String handle(Map<String, String> params) {
    String hash = payloadHash(params);
    AlipayNotifyVerifier.Verification verification = verifier.verify(params);
    if (!verification.verified()) {
      AlarmType type =
          switch (verification.rejection()) {
            case BAD_SIGNATURE -> AlarmType.BAD_SIGNATURE;
            case APP_ID_MISMATCH -> AlarmType.APP_ID_MISMATCH;
            case MALFORMED -> AlarmType.MALFORMED_NOTIFY;
          };
      if (verification.signed()) {
        alarms.raise(
            type, Channel.ALIPAY.name(), params.get("out_trade_no"), verification.detail());
      } else if (!alarms.raiseForRefusedCallback(
          type, Channel.ALIPAY.name(), params.get("out_trade_no"), verification.detail())) {
        // Anyone's, and over the alarms' budget for those: refused and counted, not recorded.
        return FAIL;
      }
      return reply(
          params, null, hash, verification.rejection().name(), FAIL, verification.detail());
    }
    ChannelNotice notice = verification.notice();
    ApplyResult result;
    try {
      result =
          applier.apply(
              notice.trade(),
              TransitionSource.NOTIFY,
              new ChannelFact(Channel.ALIPAY.name(), notice.eventKey(), hash),
              new NotifyRoute(verification.configKey(), params.get("app_id")));
    } catch (DataAccessException e) {
      // Transient (database down, lock timeout): fail, and Alipay will deliver it again.
      log.warn(
          "notify outcome=ERROR outTradeNo={} reason={}",
          Untrusted.forLog(notice.outTradeNo()),
          e.getClass().getSimpleName());
      return reply(params, notice, hash, "ERROR", FAIL, e.getClass().getSimpleName());
    }
    io.payonce.server.chaos.CrashPoints.reach("after-success-commit");
    String reply = result.accepted() ? SUCCESS : FAIL;
    return reply(params, notice, hash, result.kind().name(), reply, "payment " + result.current());
  }

  private String reply(
      Map<String, String> params,
      ChannelNotice notice,
      String hash,
      String outcome,
      String reply,
      String detail) {
    try {
      receipts.record(
          new NotifyReceipt(
              Channel.ALIPAY.name(),
              params.get("out_trade_no"),
              params.get("notify_id"),
              notice == null ? null : notice.eventKey(),
              params.get("trade_status"),
              params.get("total_amount"),
              outcome,
              reply,
              detail,
              hash,
              clock.instant()));
    } catch (DataAccessException e) {
      log.warn("notify receipt not recorded reason={}", e.getClass().getSimpleName());
    }
    log.info(
        "notify channel=alipay outTradeNo={} notifyId={} outcome={} reply={}",
        Untrusted.forLog(params.get("out_trade_no")),
        Untrusted.forLog(params.get("notify_id")),
        outcome,
        reply);
    return reply;
  }

  /** SHA-256 over the sorted parameters: the same delivery always hashes alike. */
  static String payloadHash(Map<String, String> params) {
    StringBuilder canonical = new StringBuilder();
    new TreeMap<>(params).forEach((k, v) -> canonical.append(k).append('=').append(v).append('&'));
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      return HexFormat.of()
          .formatHex(sha.digest(canonical.toString().getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
