package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wechat.ledger.OrderTerms;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code POST /v3/pay/transactions/native}: the order exists from here on (NOTPAY) and the answer
 * is its code_url. Repeating it with the same parameters answers the same code_url (a new one once
 * the 2 h life is over); other parameters are OUT_TRADE_NO_USED; paid, ORDERPAID; closed,
 * ORDER_CLOSED.
 */
@Component
class NativePrepayApi extends V3Api {

  private static final long MAX_TOTAL = 100_000_000_00L;

  private final WechatLedger ledger;
  private final Chaos chaos;

  NativePrepayApi(WechatLedger ledger, Chaos chaos) {
    super("wechat.native.prepay", "POST", "/v3/pay/transactions/native");
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
    if (!appid.equals(call.merchant().appid())) {
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
    WechatOrder order =
        ledger.prepay(
            new WechatLedger.Prepay(mchid, appid, outTradeNo, terms), differentDeal(outTradeNo));
    return V3Reply.ok(Map.of("code_url", order.codeUrl()));
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

  private Refusal differentDeal(String outTradeNo) {
    return "INVALID_REQUEST"
            .equals(chaos.choice(ChaosKnob.PREPAY_DIFFERENT_PARAMS, name(), outTradeNo))
        ? Refusal.INVALID_REQUEST
        : Refusal.OUT_TRADE_NO_USED;
  }
}
