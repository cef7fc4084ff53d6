package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.clock.SandboxClock;
import org.springframework.stereotype.Component;

/**
 * {@code alipay.trade.app.pay}: the merchant's app hands the order string to Alipay's SDK, which
 * brings it to Alipay from the buyer's phone ({@link AppPayController}), never to the gateway. As
 * for the mobile cashier page, no trade exists until the buyer pays.
 */
@Component
class AppPayMethod extends CheckoutMethod {

  static final String NAME = "alipay.trade.app.pay";

  AppPayMethod(AlipayLedger ledger, SandboxClock clock) {
    super(NAME, "QUICK_MSECURITY_PAY", ledger, clock);
  }
}
