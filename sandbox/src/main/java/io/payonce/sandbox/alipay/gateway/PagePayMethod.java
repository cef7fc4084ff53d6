package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.clock.SandboxClock;
import org.springframework.stereotype.Component;

/** {@code alipay.trade.page.pay}: the PC cashier page. */
@Component
class PagePayMethod extends CheckoutMethod {

  PagePayMethod(AlipayLedger ledger, SandboxClock clock) {
    super("alipay.trade.page.pay", "FAST_INSTANT_TRADE_PAY", ledger, clock);
  }
}
