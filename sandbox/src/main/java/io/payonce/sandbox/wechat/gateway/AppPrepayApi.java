package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import java.util.Map;
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
class AppPrepayApi extends PrepayApi {

  private final WechatLedger ledger;

  AppPrepayApi(WechatLedger ledger, Chaos chaos) {
    super("wechat.app.prepay", "/v3/pay/transactions/app", chaos, true);
    this.ledger = ledger;
  }

  @Override
  V3Reply handle(V3Call call) {
    WechatLedger.Prepay prepay = prepay(call);
    WechatOrder order = ledger.appPrepay(prepay, differentDeal(prepay.outTradeNo()));
    return V3Reply.ok(Map.of("prepay_id", order.codeUrl()));
  }
}
