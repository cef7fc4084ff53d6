package io.payonce.sandbox.wechat.wallet;

import io.payonce.sandbox.chaos.Chaos;
import io.payonce.sandbox.chaos.ChaosKnob;
import io.payonce.sandbox.wallet.WalletChannel;
import io.payonce.sandbox.wallet.WalletView;
import io.payonce.sandbox.web.SandboxProblem;
import io.payonce.sandbox.wechat.WechatIds;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.ledger.WechatRefused;
import java.util.function.Predicate;
import java.util.function.Supplier;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * WeChat Pay's side of the buyer's wallet: a {@code weixin://} code_url is scanned and paid (the
 * order exists since the prepay, so scanning only shows it); a waiting payment-code payment
 * (USERPAYING) is confirmed by its out_trade_no or its payment code. Paying past time_expire is
 * refused unless the payableAfterTimeExpire knob says otherwise.
 */
@Component
@Order(1)
class WechatWallet implements WalletChannel {

  private static final String PAY = "wechat.wallet.pay";

  private final WechatLedger ledger;
  private final Chaos chaos;

  WechatWallet(WechatLedger ledger, Chaos chaos) {
    this.ledger = ledger;
    this.chaos = chaos;
  }

  @Override
  public boolean recognizes(String code) {
    return code.startsWith("weixin://");
  }

  @Override
  public boolean recognizesPaymentCode(String authCode) {
    return TestPaymentCode.wellFormed(authCode);
  }

  @Override
  public WalletView scan(String code, String buyerId) {
    return answer(() -> ledger.scan(code, payableAfterTimeExpire()));
  }

  @Override
  public WalletView pay(String code, String buyerId) {
    String openid = buyerId == null ? WechatIds.DEFAULT_OPENID : buyerId;
    return answer(() -> ledger.walletPay(code, openid, payableAfterTimeExpire()));
  }

  @Override
  public boolean awaitsConfirmation(String outTradeNo, String authCode) {
    return ledger.awaitsConfirmation(outTradeNo, authCode);
  }

  @Override
  public boolean knowsPaymentCodeOrder(String outTradeNo, String authCode) {
    return ledger.holdsPaymentCodeOrder(outTradeNo, authCode);
  }

  @Override
  public WalletView confirm(String outTradeNo, String authCode) {
    return answer(() -> ledger.confirm(outTradeNo, authCode));
  }

  private Predicate<String> payableAfterTimeExpire() {
    return outTradeNo -> chaos.flag(ChaosKnob.PAYABLE_AFTER_TIME_EXPIRE, PAY, outTradeNo);
  }

  private static WalletView answer(Supplier<WechatOrder> action) {
    try {
      WechatOrder order = action.get();
      return new WalletView(
          order.outTradeNo(),
          order.transactionId(),
          order.state().name(),
          order.mchid(),
          order.terms().description(),
          WechatIds.yuan(order.terms().total()),
          "wechat");
    } catch (WechatRefused refused) {
      throw problem(refused);
    }
  }

  private static SandboxProblem problem(WechatRefused refused) {
    HttpStatus status =
        switch (refused.refusal()) {
          case CODE_URL_UNKNOWN, NOTHING_TO_CONFIRM -> HttpStatus.NOT_FOUND;
          case CODE_URL_EXPIRED, TIME_EXPIRED -> HttpStatus.GONE;
          default -> HttpStatus.CONFLICT;
        };
    String type =
        switch (refused.refusal()) {
          case CODE_URL_UNKNOWN -> "qr-code-unknown";
          case CODE_URL_EXPIRED -> "qr-code-expired";
          case TIME_EXPIRED -> "order-expired";
          case ORDER_PAID -> "trade-already-paid";
          case ORDER_CLOSED, ORDER_REVERSED -> "trade-closed";
          case NOTHING_TO_CONFIRM -> "trade-not-exist";
          default -> "trade-refused";
        };
    return new SandboxProblem(status, type, refused.refusal().code() + ": " + refused.getMessage());
  }
}
