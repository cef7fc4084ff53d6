package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wechat.ledger.OrderTerms;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import java.util.regex.Pattern;

/**
 * What every APIv3 prepay ({@code /v3/pay/transactions/{native,jsapi,app,...}}) checks and reads
 * alike: the mchid is the caller's, the appid bound to it, the out_trade_no, the order's terms; and
 * how a repeat with other parameters is refused (OUT_TRADE_NO_USED, or INVALID_REQUEST by chaos
 * knob). Each product adds what is its own and opens its order in the ledger.
 */
abstract class PrepayApi extends V3Api {

  private static final long MAX_TOTAL = 100_000_000_00L;
  private static final Pattern ANY_APPID = Pattern.compile("wx[0-9A-Za-z]{16}");

  private final Chaos chaos;
  private final boolean otherAppids;

  /**
   * @param otherAppids whether an appid other than the merchant's is taken as bound (a
   *     mini-program's or a mobile app's: WeChat checks its binding on the merchant platform; the
   *     sandbox knows only the merchant's one appid, so it takes any well-formed {@code wx} appid)
   */
  PrepayApi(String name, String path, Chaos chaos, boolean otherAppids) {
    super(name, "POST", path);
    this.chaos = chaos;
    this.otherAppids = otherAppids;
  }

  /** The checked prepay: the caller's mchid, a bound appid, the number and the terms. */
  WechatLedger.Prepay prepay(V3Call call) {
    JsonBody body = call.body();
    String appid = body.required("appid");
    String mchid = body.required("mchid");
    if (!mchid.equals(call.merchant().mchid())) {
      throw new V3Failure(400, "PARAM_ERROR", "mchid 与请求头 Authorization 中的商户号不一致");
    }
    if (!appid.equals(call.merchant().appid())
        && !(otherAppids && ANY_APPID.matcher(appid).matches())) {
      throw new V3Failure(400, "APPID_MCHID_NOT_MATCH", "AppID和mch_id不匹配");
    }
    String outTradeNo = body.matching("out_trade_no", JsonBody.OUT_TRADE_NO);
    OrderTerms terms =
        new OrderTerms(
            body.requiredMax("description", 127),
            body.fen("amount.total", MAX_TOTAL),
            body.currency("amount.currency"),
            body.optionalMax("attach", 128),
            notifyUrl(body),
            body.rfc3339("time_expire"));
    return new WechatLedger.Prepay(mchid, appid, outTradeNo, terms);
  }

  /** How a repeat of the number with other parameters is refused. */
  Refusal differentDeal(String outTradeNo) {
    return "INVALID_REQUEST"
            .equals(chaos.choice(ChaosKnob.PREPAY_DIFFERENT_PARAMS, name(), outTradeNo))
        ? Refusal.INVALID_REQUEST
        : Refusal.OUT_TRADE_NO_USED;
  }

  static String notifyUrl(JsonBody body) {
    String url = body.requiredMax("notify_url", 255);
    if (!url.startsWith("https://") && !url.startsWith("http://")) {
      throw V3Failure.paramError("notify_url", url, "必须是 http(s) 地址");
    }
    if (url.contains("?")) {
      throw V3Failure.paramError("notify_url", url, "不能携带参数");
    }
    return url;
  }
}
