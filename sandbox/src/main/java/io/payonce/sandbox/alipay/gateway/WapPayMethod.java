package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.clock.SandboxClock;
import org.springframework.stereotype.Component;

/** {@code alipay.trade.wap.pay}: the mobile cashier page. */
@Component
class WapPayMethod extends CheckoutMethod {

  WapPayMethod(AlipayLedger ledger, SandboxClock clock) {
    super("alipay.trade.wap.pay", "QUICK_WAP_WAY", ledger, clock);
  }
}
