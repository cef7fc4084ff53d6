package io.payonce.server.wechat;

import com.github.binarywang.wxpay.bean.notify.WxPayOrderNotifyResult;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.TradeState;
import io.payonce.server.log.Untrusted;
import io.payonce.server.notify.CallbackDelivery;
import io.payonce.server.notify.CallbackProtocol;
import io.payonce.server.notify.CallbackReading;
import io.payonce.server.notify.CallbackReading.Shown;
import io.payonce.server.notify.CallbackReply;
import io.payonce.server.notify.PayloadHash;
import io.payonce.server.notify.Verdict;
import io.payonce.server.payment.NotifyRoute;
import java.util.regex.Pattern;
import org.springframework.http.MediaType;

/**
 * WeChat Pay's APIv2 payment notify ({@code POST /api/pay/callback/wechat}, XML of any content
 * type; a stored merchant's at {@code /{configKey}}). WxJava checks the v2 signature over the
 * fields; we check the merchant and app. The fact is keyed by the transaction_id, the same as the
 * APIv3 notify of the same payment, so that whichever arrives second is a duplicate. The answer is
 * WeChat's own XML, always with 200: SUCCESS only when the fact is in our books.
 */
class WechatV2Notifies implements CallbackProtocol {

  static final String PATH = "/api/pay/callback/wechat";

  /** The acknowledgement WeChat expects. */
  static final String SUCCESS =
      "<xml><return_code><![CDATA[SUCCESS]]></return_code>"
          + "<return_msg><![CDATA[OK]]></return_msg></xml>";

  /** The failure reply; it says nothing of the refused request. WeChat delivers again. */
  static final String FAIL =
      "<xml><return_code><![CDATA[FAIL]]></return_code>"
          + "<return_msg><![CDATA[FAIL]]></return_msg></xml>";

  // No document type, no entities: WxJava's XStream is not given the chance to resolve any.
  private static final Pattern DOCTYPE =
      Pattern.compile("<!(DOCTYPE|ENTITY)", Pattern.CASE_INSENSITIVE);

  private final WechatAccounts accounts;

  WechatV2Notifies(WechatAccounts accounts) {
    this.accounts = accounts;
  }

  @Override
  public Channel channel() {
    return Channel.WECHAT;
  }

  @Override
  public String protocol() {
    return "v2";
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
    String xml = delivery.body();
    Shown anonymous = new Shown(null, null, null, null, PayloadHash.of(xml));
    if (xml.isBlank() || DOCTYPE.matcher(xml).find()) {
      return new CallbackReading.Unproven(
          AlarmType.MALFORMED_NOTIFY, "MALFORMED", "not a v2 notify", anonymous);
    }
    String configKey = ChannelConfigKey.orBootstrap(delivery.configKey());
    WechatAccounts.Account account = accounts.account(configKey).orElse(null);
    if (account == null) {
      return new CallbackReading.Unproven(
          AlarmType.MALFORMED_NOTIFY,
          "UNKNOWN_CONFIGURATION",
          "no configuration " + Untrusted.forLog(configKey),
          anonymous);
    }
    WechatClientProvider provider = account.provider();
    WxPayOrderNotifyResult n;
    try {
      n = provider.clients().v2().parseOrderNotifyResult(xml);
    } catch (Exception e) {
      // WxPayException: a bad or missing sign, or return_code FAIL; anything else: unreadable.
      return new CallbackReading.Unproven(
          AlarmType.BAD_SIGNATURE, "BAD_SIGNATURE", e.getClass().getSimpleName(), anonymous);
    }
    String outTradeNo = n.getOutTradeNo();
    Shown shown =
        new Shown(
            outTradeNo,
            n.getNonceStr(),
            n.getResultCode(),
            n.getTotalFee() == null ? null : String.valueOf(n.getTotalFee()),
            anonymous.payloadHash());
    if (!provider.mchid().equals(n.getMchId()) || !provider.owns(n.getAppid())) {
      return new CallbackReading.Refused(
          AlarmType.APP_ID_MISMATCH,
          "APP_ID_MISMATCH",
          "mch_id " + Untrusted.forLog(n.getMchId()) + " appid " + Untrusted.forLog(n.getAppid()),
          shown);
    }
    if (!"SUCCESS".equals(n.getResultCode())) {
      // A payment that failed: nothing was taken, nothing to record but the receipt.
      return new CallbackReading.Ignored("NOT_PAID", "result " + n.getErrCode(), shown);
    }
    if (outTradeNo == null || n.getTransactionId() == null || n.getTotalFee() == null) {
      return new CallbackReading.Refused(
          AlarmType.MALFORMED_NOTIFY, "MALFORMED", "missing field", shown);
    }
    ChannelTrade trade =
        new ChannelTrade(
            outTradeNo,
            n.getTransactionId(),
            TradeState.SUCCESS,
            n.getTotalFee(),
            n.getOpenid(),
            WechatTime.parseCompact(n.getTimeEnd()));
    return new CallbackReading.TradeReport(
        trade,
        n.getTransactionId() + ":SUCCESS",
        new NotifyRoute(account.configKey(), n.getMchId()),
        shown);
  }

  @Override
  public CallbackReply reply(Verdict verdict) {
    return verdict == Verdict.TAKEN
        ? new CallbackReply(200, MediaType.TEXT_XML, SUCCESS, "SUCCESS")
        : failure(200);
  }

  /** Always a 200 with FAIL: WeChat reads the XML, not the status. */
  @Override
  public CallbackReply failure(int status) {
    return new CallbackReply(200, MediaType.TEXT_XML, FAIL, "FAIL");
  }
}
