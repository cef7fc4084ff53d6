package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code POST /v3/pay/transactions/jsapi}: Native's fields plus {@code payer.openid} (required:
 * PARAM_ERROR without it). The order exists from here on (NOTPAY), bound to that payer, and the
 * answer is its prepay_id, which the merchant signs for the JS bridge. Repeating it with the same
 * parameters answers the same prepay_id (a new one once its 2 h life is over); other parameters —
 * another payer included — are OUT_TRADE_NO_USED; paid, ORDERPAID; closed, ORDER_CLOSED.
 *
 * <p>The appid is the merchant's, or another WeChat appid (a mini-program's): WeChat checks that it
 * is bound to the mchid on its merchant platform; the sandbox knows only the merchant's one appid,
 * so it takes any well-formed {@code wx} appid as bound.
 */
@Component
class JsapiPrepayApi extends PrepayApi {

  private final WechatLedger ledger;

  JsapiPrepayApi(WechatLedger ledger, Chaos chaos) {
    super("wechat.jsapi.prepay", "/v3/pay/transactions/jsapi", chaos, true);
    this.ledger = ledger;
  }

  @Override
  V3Reply handle(V3Call call) {
    WechatLedger.Prepay prepay = prepay(call);
    String openid = call.body().requiredMax("payer.openid", 128);
    WechatOrder order = ledger.jsapiPrepay(prepay, openid, differentDeal(prepay.outTradeNo()));
    return V3Reply.ok(Map.of("prepay_id", order.codeUrl()));
  }
}
