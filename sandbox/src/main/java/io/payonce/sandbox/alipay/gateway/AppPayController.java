package io.payonce.sandbox.alipay.gateway;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.AlipayTime;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import io.payonce.sandbox.clock.SandboxClock;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.support.ServletUriComponentsBuilder;

/**
 * {@code POST /sandbox/alipay/wallet/app-pay}: the buyer's Alipay app, handed the merchant's order
 * string by Alipay's SDK ({@code payV2}). The string's signature is checked as the gateway checks
 * any call; then the buyer pays, and only then does the trade exist (a close before that finds
 * none). The notify follows as for any payment. The answer is what the SDK gives the merchant's app
 * — {@code resultStatus} 9000 and the signed {@code alipay_trade_app_pay_response} — which is no
 * proof of payment to the merchant's server.
 */
@RestController
class AppPayController {

  static final String PATH = "/sandbox/alipay/wallet/app-pay";

  /** The SDK's result codes: paid, and failed (with the reason in memo). */
  static final String PAID = "9000";

  static final String FAILED = "4000";

  private static final String QR_PREFIX = "https://qr.alipay.com/";

  private final AlipayGateway gateway;
  private final AlipayLedger ledger;
  private final SignedReplies replies;
  private final SandboxClock clock;

  AppPayController(
      AlipayGateway gateway, AlipayLedger ledger, SignedReplies replies, SandboxClock clock) {
    this.gateway = gateway;
    this.ledger = ledger;
    this.replies = replies;
    this.clock = clock;
  }

  /**
   * @param orderString the merchant's signed order string, as its app got it
   * @param buyerId who pays; the sandbox's default buyer when absent
   */
  record AppPay(String orderString, String buyerId) {}

  /** What Alipay's app SDK answers the merchant's app. */
  record SdkResult(String resultStatus, String result, String memo) {}

  @PostMapping(PATH)
  SdkResult pay(@RequestBody AppPay pay, HttpServletRequest http) {
    if (pay.orderString() == null || pay.orderString().isBlank()) {
      return failed("isv.missing-signature", "缺少订单信息");
    }
    String baseUrl = ServletUriComponentsBuilder.fromContextPath(http).toUriString();
    AlipayReply opened =
        gateway.handleFromApp(GatewayRequest.parse(pay.orderString()), baseUrl).reply();
    if (!"10000".equals(opened.code())) {
      return failed(opened.subCode() == null ? opened.code() : opened.subCode(), opened.subMsg());
    }
    String checkout = String.valueOf(opened.fields().get("checkout_url"));
    String code = checkout.substring(checkout.lastIndexOf('/') + 1);
    AlipayOrder paid;
    try {
      paid = ledger.walletPay(QR_PREFIX + code, buyer(pay.buyerId()));
    } catch (TradeRefused refused) {
      return failed(refused.refusal().subCode(), refused.getMessage());
    }
    return new SdkResult(PAID, result(paid), "");
  }

  /** The signed {@code alipay_trade_app_pay_response}, as the SDK hands it to the app. */
  private String result(AlipayOrder paid) {
    Map<String, Object> fields = new LinkedHashMap<>();
    fields.put("app_id", paid.appId());
    fields.put("auth_app_id", paid.appId());
    fields.put("charset", "utf-8");
    fields.put("timestamp", AlipayTime.format(clock.now()));
    fields.put("out_trade_no", paid.outTradeNo());
    fields.put("total_amount", AlipayIds.money(paid.terms().totalAmount()));
    fields.put("trade_no", paid.trade().tradeNo());
    fields.put("seller_id", paid.sellerId());
    String envelope =
        replies.envelope(
            "alipay_trade_app_pay_response",
            AlipayReply.success(fields),
            StandardCharsets.UTF_8,
            false);
    return envelope.substring(0, envelope.length() - 1) + ",\"sign_type\":\"RSA2\"}";
  }

  private static SdkResult failed(String code, String message) {
    return new SdkResult(FAILED, "", code + (message == null ? "" : ": " + message));
  }

  private static String buyer(String buyerId) {
    return buyerId == null || buyerId.isBlank() ? AlipayIds.DEFAULT_BUYER : buyerId;
  }
}
