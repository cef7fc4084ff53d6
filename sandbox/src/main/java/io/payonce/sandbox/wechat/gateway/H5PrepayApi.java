package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code POST /v3/pay/transactions/h5}: Native's fields and {@code scene_info} — {@code
 * payer_client_ip} (required, PARAM_ERROR without it) and {@code h5_info.type}. The order exists
 * from here on (NOTPAY) and the answer is its {@code h5_url}, WeChat's checkout page for the
 * phone's browser outside WeChat, which opens for 5 minutes. Repeating it with the same parameters
 * answers a new h5_url for the same order; other parameters are OUT_TRADE_NO_USED; paid, ORDERPAID;
 * closed, ORDER_CLOSED.
 */
@Component
class H5PrepayApi extends PrepayApi {

  /** Where the h5_url leads, under the sandbox's own address. */
  static final String PAGE = "/sandbox/wechat/h5/pay";

  private final WechatLedger ledger;

  H5PrepayApi(WechatLedger ledger, Chaos chaos) {
    super("wechat.h5.prepay", "/v3/pay/transactions/h5", chaos, false);
    this.ledger = ledger;
  }

  @Override
  V3Reply handle(V3Call call) {
    call.body().required("scene_info.payer_client_ip");
    call.body().required("scene_info.h5_info.type");
    WechatLedger.Prepay prepay = prepay(call);
    WechatOrder order = ledger.h5Prepay(prepay, differentDeal(prepay.outTradeNo()));
    return V3Reply.ok(Map.of("h5_url", call.baseUrl() + PAGE + "?prepay_id=" + order.codeUrl()));
  }
}
