package io.payonce.sandbox.wechat.gateway;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import org.springframework.stereotype.Component;

/**
 * {@code POST /v3/pay/transactions/out-trade-no/{out_trade_no}/close} with {@code {"mchid"}}: 204
 * No Content (signed, empty body). Paid: ORDERPAID. A closed or unknown order answers 204 as well
 * by default ([UNC] knobs wechatCloseClosed, wechatCloseUnknown): a close proves nothing. The knob
 * wechatCloseRefusal refuses every close (PARAM_ERROR, ORDER_NOT_EXIST) and closes nothing.
 */
@Component
class CloseApi extends V3Api {

  private final WechatLedger ledger;
  private final Chaos chaos;

  CloseApi(WechatLedger ledger, Chaos chaos) {
    super("wechat.close", "POST", "/v3/pay/transactions/out-trade-no/([^/]+)/close");
    this.ledger = ledger;
    this.chaos = chaos;
  }

  @Override
  String outTradeNo(V3Call call) {
    return call.pathValues().get(0);
  }

  @Override
  V3Reply handle(V3Call call) {
    String mchid = call.body().required("mchid");
    if (!mchid.equals(call.merchant().mchid())) {
      throw new V3Failure(400, "PARAM_ERROR", "mchid 与请求头 Authorization 中的商户号不一致");
    }
    String outTradeNo = outTradeNo(call);
    switch (chaos.choice(ChaosKnob.WECHAT_CLOSE_REFUSAL, name(), outTradeNo)) {
      case "PARAM_ERROR" -> throw new V3Failure(400, "PARAM_ERROR", "参数错误");
      case "ORDER_NOT_EXIST" -> throw new V3Failure(404, "ORDER_NOT_EXIST", "订单不存在");
      default -> {}
    }
    ledger.close(
        mchid,
        outTradeNo,
        "NO_CONTENT".equals(chaos.choice(ChaosKnob.WECHAT_CLOSE_UNKNOWN, name(), outTradeNo)),
        "NO_CONTENT".equals(chaos.choice(ChaosKnob.WECHAT_CLOSE_CLOSED, name(), outTradeNo)));
    return V3Reply.noContent();
  }
}
