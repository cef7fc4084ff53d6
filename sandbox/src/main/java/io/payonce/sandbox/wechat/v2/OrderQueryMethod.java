package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code POST /pay/orderquery}: any order of the merchant (payment code or Native), by
 * transaction_id or out_trade_no; result_code SUCCESS with trade_state, or ORDERNOTEXIST.
 */
@Component
class OrderQueryMethod extends V2Method {

  private final WechatLedger ledger;

  OrderQueryMethod(WechatLedger ledger) {
    super("wechat.orderquery", "/pay/orderquery");
    this.ledger = ledger;
  }

  @Override
  V2Reply handle(V2Call call) {
    WechatOrder order =
        ledger
            .find(call.merchant().mchid(), call.ref())
            .orElseThrow(() -> new WechatRefused(Refusal.ORDER_NOT_EXIST));
    Map<String, String> fields = OrderFields.of(order);
    fields.put("trade_state", order.state().name());
    fields.put("trade_state_desc", order.state().description());
    return V2Reply.success(fields);
  }
}
