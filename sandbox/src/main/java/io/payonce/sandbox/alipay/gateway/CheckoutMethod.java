package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.OrderTerms;
import io.payonce.sandbox.clock.SandboxClock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * {@code alipay.trade.page.pay} and {@code alipay.trade.wap.pay}: the buyer's browser brings the
 * merchant's signed request (a GET link or a POST form) to the gateway, which opens a cashier page
 * instead of answering JSON (see {@link GatewayController}). As for a QR code, no trade exists yet:
 * the page.pay trade is created when the buyer logs in, the wap.pay one when the buyer pays; a
 * repeat of the same request while nothing is paid opens the same page.
 */
abstract class CheckoutMethod extends AlipayMethod {

  /** The methods whose answer is a page. */
  static final Set<String> NAMES = Set.of("alipay.trade.page.pay", "alipay.trade.wap.pay");

  /** Where the cashier pages are, under the sandbox's base URL; the page's code follows. */
  static final String CHECKOUT_PATH = "/sandbox/alipay/checkout/";

  private final String productCode;
  private final AlipayLedger ledger;
  private final SandboxClock clock;

  CheckoutMethod(String name, String productCode, AlipayLedger ledger, SandboxClock clock) {
    super(name);
    this.productCode = productCode;
    this.ledger = ledger;
    this.clock = clock;
  }

  @Override
  AlipayReply handle(GatewayCall call) {
    BizContent biz = call.biz();
    String outTradeNo = biz.outNo("out_trade_no");
    if (!productCode.equals(biz.text("product_code"))) {
      throw BizContent.invalid("product_code 须为 " + productCode);
    }
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
                null,
                new AlipayOrder.Checkout(name(), call.returnUrl(), biz.text("quit_url"))),
            // The trade exists only from the buyer's login or payment: a relative timeout counts
            // from then, which is why merchants must send time_expire.
            new AlipayLedger.PrecreatePolicy(false, false, true, false));
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("out_trade_no", order.outTradeNo());
    fields.put("checkout_url", call.baseUrl() + CHECKOUT_PATH + codeOf(order));
    return AlipayReply.success(fields);
  }

  /** The page's code: the pre-order's scan code without its host, which the wallet also reads. */
  static String codeOf(AlipayOrder order) {
    return order.qrCode().substring(order.qrCode().lastIndexOf('/') + 1);
  }
}
