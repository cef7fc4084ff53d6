package io.payonce.server.wechat;

import com.github.binarywang.wxpay.bean.notify.WxPayOrderNotifyResult;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.TradeState;
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
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;

/**
 * WeChat Pay's APIv2 payment notify (XML): WxJava checks the v2 signature over the fields; we check
 * the merchant and app, then hand the trade to the one applier with its dedup row — keyed by the
 * transaction_id, the same fact as the APIv3 notify of the same payment, so that whichever arrives
 * second is a duplicate. Replies WeChat's own XML: SUCCESS only when the fact is in our books.
 */
public class WechatXmlNotifyHandler {

  /** The acknowledgement WeChat expects. */
  public static final String SUCCESS =
      "<xml><return_code><![CDATA[SUCCESS]]></return_code>"
          + "<return_msg><![CDATA[OK]]></return_msg></xml>";

  /** The failure reply; it says nothing of the refused request. WeChat delivers again. */
  public static final String FAIL =
      "<xml><return_code><![CDATA[FAIL]]></return_code>"
          + "<return_msg><![CDATA[FAIL]]></return_msg></xml>";

  // No document type, no entities: WxJava's XStream is not given the chance to resolve any.
  private static final Pattern DOCTYPE =
      Pattern.compile("<!(DOCTYPE|ENTITY)", Pattern.CASE_INSENSITIVE);

  private static final Logger log = LoggerFactory.getLogger(WechatXmlNotifyHandler.class);

  private final WechatAccounts accounts;
  private final ChannelResultApplier applier;
  private final NotifyReceipts receipts;
  private final Alarms alarms;
  private final Clock clock;

  WechatXmlNotifyHandler(
      WechatAccounts accounts,
      ChannelResultApplier applier,
      NotifyReceipts receipts,
      Alarms alarms,
      Clock clock) {
    this.accounts = accounts;
    this.applier = applier;
    this.receipts = receipts;
    this.alarms = alarms;
    this.clock = clock;
  }

  /** Handles one delivery to the bootstrap merchant's path and returns the exact reply body. */
  public String handle(String xml) {
    return handle(ChannelConfigKey.BOOTSTRAP, xml);
  }

  /** Handles one delivery to the path of the configuration {@code configKey}. */
  public String handle(String configKey, String xml) {
    String hash = sha256(xml);
    if (xml == null || xml.isBlank() || DOCTYPE.matcher(xml).find()) {
      return refuseAnyones(
          AlarmType.MALFORMED_NOTIFY, null, null, hash, "MALFORMED", "not a v2 notify");
    }
    WechatAccounts.Account account = accounts.account(configKey).orElse(null);
    if (account == null) {
      return refuseAnyones(
          AlarmType.MALFORMED_NOTIFY,
          null,
          null,
          hash,
          "UNKNOWN_CONFIGURATION",
          "no configuration " + Untrusted.forLog(configKey));
    }
    WechatClientProvider provider = account.provider();
    WxPayOrderNotifyResult n;
    try {
      n = provider.clients().v2().parseOrderNotifyResult(xml);
    } catch (Exception e) {
      // WxPayException: a bad or missing sign, or return_code FAIL; anything else: unreadable.
      return refuseAnyones(
          AlarmType.BAD_SIGNATURE, null, null, hash, "BAD_SIGNATURE", e.getClass().getSimpleName());
    }
    String outTradeNo = n.getOutTradeNo();
    if (!provider.mchid().equals(n.getMchId()) || !provider.appid().equals(n.getAppid())) {
      return refuse(
          AlarmType.APP_ID_MISMATCH,
          outTradeNo,
          n,
          hash,
          "APP_ID_MISMATCH",
          "mch_id " + Untrusted.forLog(n.getMchId()) + " appid " + Untrusted.forLog(n.getAppid()));
    }
    if (!"SUCCESS".equals(n.getResultCode())) {
      // A payment that failed: nothing was taken, nothing to record but the receipt.
      return record(outTradeNo, n, null, hash, "NOT_PAID", SUCCESS, "result " + n.getErrCode());
    }
    if (outTradeNo == null || n.getTransactionId() == null || n.getTotalFee() == null) {
      return refuse(AlarmType.MALFORMED_NOTIFY, outTradeNo, n, hash, "MALFORMED", "missing field");
    }
    ChannelTrade trade =
        new ChannelTrade(
            outTradeNo,
            n.getTransactionId(),
            TradeState.SUCCESS,
            n.getTotalFee(),
            n.getOpenid(),
            WechatTime.parseCompact(n.getTimeEnd()));
    String eventKey = n.getTransactionId() + ":SUCCESS";
    ApplyResult result;
    try {
      result =
          applier.apply(
              trade,
              TransitionSource.NOTIFY,
              new ChannelFact(Channel.WECHAT.name(), eventKey, hash),
              new NotifyRoute(account.configKey(), n.getMchId()));
    } catch (DataAccessException e) {
      return record(outTradeNo, n, eventKey, hash, "ERROR", FAIL, e.getClass().getSimpleName());
    }
    String reply = result.accepted() ? SUCCESS : FAIL;
    return record(
        outTradeNo, n, eventKey, hash, result.kind().name(), reply, "payment " + result.current());
  }

  /** Refused although WeChat Pay signed it: a configuration problem worth an alarm every time. */
  private String refuse(
      AlarmType alarm,
      String outTradeNo,
      WxPayOrderNotifyResult n,
      String hash,
      String outcome,
      String detail) {
    alarms.raise(alarm, Channel.WECHAT.name(), outTradeNo, detail);
    return record(outTradeNo, n, null, hash, outcome, FAIL, detail);
  }

  /**
   * Refused before it was known to be WeChat Pay's (or as a replay of it): anyone could have sent
   * it, so its alarm and receipt are within the budget for those; beyond, only counted.
   */
  private String refuseAnyones(
      AlarmType alarm,
      String outTradeNo,
      WxPayOrderNotifyResult n,
      String hash,
      String outcome,
      String detail) {
    if (!alarms.raiseForRefusedCallback(alarm, Channel.WECHAT.name(), outTradeNo, detail)) {
      return FAIL;
    }
    return record(outTradeNo, n, null, hash, outcome, FAIL, detail);
  }

  private String record(
      String outTradeNo,
      WxPayOrderNotifyResult n,
      String eventKey,
      String hash,
      String outcome,
      String reply,
      String detail) {
    String replyText = reply == SUCCESS ? "SUCCESS" : "FAIL";
    try {
      receipts.record(
          new NotifyReceipt(
              Channel.WECHAT.name(),
              outTradeNo,
              n == null ? null : n.getNonceStr(),
              eventKey,
              n == null ? null : n.getResultCode(),
              n == null || n.getTotalFee() == null ? null : String.valueOf(n.getTotalFee()),
              outcome,
              replyText,
              detail,
              hash,
              clock.instant()));
    } catch (DataAccessException e) {
      log.warn("notify receipt not recorded reason={}", e.getClass().getSimpleName());
    }
    log.info(
        "notify channel=wechat protocol=v2 outTradeNo={} outcome={} reply={}",
        Untrusted.forLog(outTradeNo),
        outcome,
        replyText);
    return reply;
  }

  private static String sha256(String body) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256")
                  .digest((body == null ? "" : body).getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
