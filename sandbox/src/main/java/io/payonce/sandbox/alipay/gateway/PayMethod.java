package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.OrderTerms;
import io.payonce.sandbox.alipay.ledger.Refusal;
import io.payonce.sandbox.alipay.ledger.Trade;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import io.payonce.sandbox.alipay.wallet.TestAuthCode;
import io.payonce.sandbox.clock.SandboxClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Set;
import org.springframework.stereotype.Component;

/**
 * {@code alipay.trade.pay} (barcode): the auth code decides the buyer's behaviour, see {@link
 * TestAuthCode}. 10000 when paid, 10003 (no sub_code) while the buyer must confirm.
 */
@Component
class PayMethod extends AlipayMethod {

  private static final Set<String> SCENES = Set.of("bar_code", "security_code");

  private final AlipayLedger ledger;
  private final SandboxClock clock;
  private final Duration confirmAfter;

  PayMethod(AlipayLedger ledger, SandboxClock clock, SandboxProperties properties) {
    super("alipay.trade.pay");
    this.ledger = ledger;
    this.clock = clock;
    this.confirmAfter = properties.getAlipay().getBarcodeConfirmAfter();
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    BizContent biz = call.biz();
    String outTradeNo = biz.outNo("out_trade_no");
    if (!SCENES.contains(biz.required("scene"))) {
      throw BizContent.invalid("scene 只能是 bar_code 或 security_code");
    }
    OrderTerms terms = call.orderTerms();
    String authCode = biz.required("auth_code");
    if (!TestAuthCode.wellFormed(authCode)) {
      throw new TradeRefused(Refusal.PAYMENT_AUTH_CODE_INVALID);
    }
    TestAuthCode buyer = TestAuthCode.of(authCode);
    switch (buyer) {
      case REFUSED -> throw new TradeRefused(Refusal.PAYMENT_FAIL);
      case INSUFFICIENT_BALANCE -> throw new TradeRefused(Refusal.BUYER_BALANCE_NOT_ENOUGH);
      default -> {}
    }
    Instant now = clock.now();
    AlipayOrder order =
        ledger.barcodePay(
            new AlipayLedger.BarcodePay(
                call.app().appId(),
                call.app().sellerId(),
                outTradeNo,
                terms,
                TestAuthCode.buyerIdFor(authCode),
                buyer == TestAuthCode.PAYS_AT_ONCE,
                buyer == TestAuthCode.CONFIRMS_LATER ? now.plus(confirmAfter) : null,
                biz.time("time_expire"),
                biz.relative("timeout_express")));
    Trade trade = order.trade();
    Map<String, Object> fields = TradeFields.ids(order);
    fields.putAll(TradeFields.buyer(trade));
    fields.putAll(TradeFields.amounts(order));
    fields.put("gmt_payment", TradeFields.time(trade.paidAt()));
    return trade.paidAt() != null
        ? AlipayReply.success(fields)
        : AlipayReply.waitingForBuyer(fields);
  }
}
