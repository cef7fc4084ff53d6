package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.OrderTerms;
import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.clock.SandboxClock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.stereotype.Component;

/** {@code alipay.trade.precreate}: issues a QR code; the trade only exists once it is scanned. */
@Component
class PrecreateMethod extends AlipayMethod {

  private final AlipayLedger ledger;
  private final Chaos chaos;
  private final SandboxClock clock;

  PrecreateMethod(AlipayLedger ledger, Chaos chaos, SandboxClock clock) {
    super("alipay.trade.precreate");
    this.ledger = ledger;
    this.chaos = chaos;
    this.clock = clock;
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    BizContent biz = call.biz();
    String outTradeNo = biz.outNo("out_trade_no");
    OrderTerms terms = call.orderTerms();
    Instant timeExpire = biz.time("time_expire");
    if (timeExpire != null && !timeExpire.isAfter(clock.now())) {
      throw BizContent.invalid("time_expire 已过期");
    }
    AlipayOrder order =
        ledger.precreate(
            new AlipayLedger.Precreate(
                call.app().appId(),
                call.app().sellerId(),
                outTradeNo,
                terms,
                timeExpire,
                biz.relative("timeout_express"),
                biz.relative("qr_code_timeout_express")),
            policy(outTradeNo));
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("out_trade_no", order.outTradeNo());
    fields.put("qr_code", order.qrCode());
    return AlipayReply.success(fields);
  }

  private AlipayLedger.PrecreatePolicy policy(String outTradeNo) {
    return new AlipayLedger.PrecreatePolicy(
        "CONTEXT_INCONSISTENT"
            .equals(
                chaos.choice(ChaosKnob.PRECREATE_DIFFERENT_AMOUNT_BEFORE_SCAN, name(), outTradeNo)),
        "CONTEXT_INCONSISTENT"
            .equals(chaos.choice(ChaosKnob.PRECREATE_SAME_AFTER_SCAN, name(), outTradeNo)),
        "SCAN".equals(chaos.choice(ChaosKnob.TIMEOUT_EXPRESS_FROM, name(), outTradeNo)),
        chaos.flag(ChaosKnob.PRECREATE_CREATES_TRADE, name(), outTradeNo));
  }
}
