package io.payonce.sandbox.wechat.v2;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.WechatTime;
import io.payonce.sandbox.wechat.ledger.OrderTerms;
import io.payonce.sandbox.wechat.ledger.Refusal;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatLedger.Buyer;
import io.payonce.sandbox.wechat.ledger.WechatLedger.Micropaid;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import io.payonce.sandbox.wechat.wallet.TestPaymentCode;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import org.springframework.stereotype.Component;

/**
 * {@code POST /pay/micropay} (付款码): the payment code decides the buyer, see {@link
 * TestPaymentCode}. SUCCESS when paid; USERPAYING while the buyer must enter the password; the
 * documented err_codes otherwise. A repeated call with the same data answers from the order's state
 * (USERPAYING again, ORDERPAID, ORDERCLOSED, ORDERREVERSED); other data is INVALID_REQUEST.
 *
 * <p>Sandbox-only: an optional {@code notify_url} field asks for an APIv2 XML payment notify there
 * (micropay has no notify at WeChat; the merchant's v2NotifyUrl setting does the same for all).
 */
@Component
class MicropayMethod extends V2Method {

  private final WechatLedger ledger;
  private final SandboxClock clock;
  private final Duration confirmAfter;

  MicropayMethod(WechatLedger ledger, SandboxClock clock, SandboxProperties properties) {
    super("wechat.micropay", "/pay/micropay");
    this.ledger = ledger;
    this.clock = clock;
    this.confirmAfter = properties.getWechat().getMicropayConfirmAfter();
  }

  @Override
  V2Reply handle(V2Call call) {
    String outTradeNo = call.outTradeNo();
    String body = call.required("body");
    if (body.codePointCount(0, body.length()) > 127) {
      throw new WechatRefused(Refusal.PARAM_ERROR, "body 长度不能超过 127");
    }
    call.required("spbill_create_ip");
    long totalFee = call.positiveFen("total_fee");
    String feeType = call.text("fee_type") == null ? "CNY" : call.text("fee_type");
    if (!feeType.equals("CNY")) {
      throw new WechatRefused(Refusal.PARAM_ERROR, "fee_type 仅支持 CNY");
    }
    String authCode = call.required("auth_code");
    if (!TestPaymentCode.wellFormed(authCode)) {
      throw new WechatRefused(Refusal.AUTH_CODE_INVALID);
    }
    TestPaymentCode code = TestPaymentCode.of(authCode);
    switch (code) {
      case REFUSED -> throw new WechatRefused(Refusal.TRADE_ERROR, "交易错误：风险控制拒绝");
      case INSUFFICIENT_BALANCE -> throw new WechatRefused(Refusal.BUYER_NOT_ENOUGH);
      case CODE_EXPIRED -> throw new WechatRefused(Refusal.AUTHCODEEXPIRE);
      default -> {}
    }
    Instant now = clock.now();
    OrderTerms terms =
        new OrderTerms(body, totalFee, feeType, call.text("attach"), null, timeExpire(call));
    Micropaid placed =
        ledger.micropay(
            new WechatLedger.Micropay(
                call.merchant().mchid(),
                call.merchant().appid(),
                outTradeNo,
                terms,
                authCode,
                WechatIds.openidFor(authCode),
                call.signType(),
                call.text("notify_url"),
                buyer(code),
                code == TestPaymentCode.CONFIRMS_LATER ? now.plus(confirmAfter) : null));
    return answer(placed, code);
  }

  private static Buyer buyer(TestPaymentCode code) {
    return switch (code) {
      case CONFIRMS_LATER, NEVER_CONFIRMS -> Buyer.ENTERS_PASSWORD;
      case BANK_ERROR -> Buyer.BANK_FAILS;
      default -> Buyer.PAYS;
    };
  }

  private static V2Reply answer(Micropaid placed, TestPaymentCode code) {
    WechatOrder order = placed.order();
    Map<String, String> fields = OrderFields.of(order);
    return switch (order.state()) {
      case USERPAYING -> V2Reply.fail("USERPAYING", "需要用户输入支付密码", fields);
      case SUCCESS, REFUND -> {
        if (!placed.created()) {
          yield V2Reply.refused(Refusal.ORDER_PAID, Refusal.ORDER_PAID.message());
        }
        yield code == TestPaymentCode.SYSTEM_ERROR_BUT_PAID
            ? V2Reply.fail("SYSTEMERROR", "系统超时，请立即调用被扫订单结果查询API，查询当前订单状态", Map.of())
            : V2Reply.success(fields);
      }
      case PAYERROR -> V2Reply.fail("BANKERROR", "银行系统异常，请立即调用被扫订单结果查询API", Map.of());
      case REVOKED -> V2Reply.refused(Refusal.ORDER_REVERSED, Refusal.ORDER_REVERSED.message());
      case CLOSED, NOTPAY -> V2Reply.refused(Refusal.ORDER_CLOSED, Refusal.ORDER_CLOSED.message());
    };
  }

  private static Instant timeExpire(V2Call call) {
    String value = call.text("time_expire");
    if (value == null) {
      return null;
    }
    try {
      return WechatTime.parseCompact(value);
    } catch (DateTimeParseException e) {
      throw new WechatRefused(Refusal.PARAM_ERROR, "time_expire 格式应为 yyyyMMddHHmmss");
    }
  }
}
