package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wechat.ledger.OrderTerms;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import java.util.Map;
import java.util.regex.Pattern;
import org.springframework.stereotype.Component;

/**
 * {@code POST /v3/pay/transactions/app}: Native's fields. The order exists from here on (NOTPAY),
 * with no payer until someone pays it in the WeChat app, and the answer is its prepay_id, which the
 * merchant signs for its mobile app. Repeating it with the same parameters answers the same
 * prepay_id (a new one once its 2 h life is over); other parameters are OUT_TRADE_NO_USED; paid,
 * ORDERPAID; closed, ORDER_CLOSED.
 *
 * <p>The appid is the mobile app's own (registered on WeChat's open platform): WeChat checks that
 * it is bound to the mchid; the sandbox knows only the merchant's one appid, so it takes any
 * well-formed {@code wx} appid as bound.
 */
@Component
class AppPrepayApi extends V3Api {

  private static final long MAX_TOTAL = 100_000_000_00L;
  private static final Pattern APPID = Pattern.compile("wx[0-9A-Za-z]{16}");

  private final WechatLedger ledger;
  private final Chaos chaos;

  AppPrepayApi(WechatLedger ledger, Chaos chaos) {
    super("wechat.app.prepay", "POST", "/v3/pay/transactions/app");
    this.ledger = ledger;
    this.chaos = chaos;
  }

  @Override
  V3Reply handle(V3Call call) {
    JsonBody body = call.body();
    String appid = body.required("appid");
    String mchid = body.required("mchid");
    if (!mchid.equals(call.merchant().mchid())) {
      throw new V3Failure(400, "PARAM_ERROR", "mchid 与请求头 Authorization 中的商户号不一致");
    }
    if (!appid.equals(call.merchant().appid()) && !APPID.matcher(appid).matches()) {
      throw new V3Failure(400, "APPID_MCHID_NOT_MATCH", "AppID和mch_id不匹配");
    }
    String outTradeNo = body.matching("out_trade_no", JsonBody.OUT_TRADE_NO);
    OrderTerms terms =
        new OrderTerms(
            body.requiredMax("description", 127),
            body.fen("amount.total", MAX_TOTAL),
            body.currency("amount.currency"),
            body.optionalMax("attach", 128),
            NativePrepayApi.notifyUrl(body),
            body.rfc3339("time_expire"));
    WechatOrder order =
        ledger.appPrepay(
            new WechatLedger.Prepay(mchid, appid, outTradeNo, terms), differentDeal(outTradeNo));
    return V3Reply.ok(Map.of("prepay_id", order.codeUrl()));
  }

  private Refusal differentDeal(String outTradeNo) {
    return "INVALID_REQUEST"
            .equals(chaos.choice(ChaosKnob.PREPAY_DIFFERENT_PARAMS, name(), outTradeNo))
        ? Refusal.INVALID_REQUEST
        : Refusal.OUT_TRADE_NO_USED;
  }
}
