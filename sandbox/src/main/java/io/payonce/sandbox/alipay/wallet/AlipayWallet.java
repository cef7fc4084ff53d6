package io.payonce.sandbox.alipay.wallet;

import io.payonce.sandbox.alipay.AlipayIds;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.ledger.TradeRefused;
import io.payonce.sandbox.alipay.ledger.TradeStatus;
import io.payonce.sandbox.wallet.WalletChannel;
import io.payonce.sandbox.wallet.WalletView;
import io.payonce.sandbox.web.SandboxProblem;
import java.util.function.Supplier;
import org.springframework.core.annotation.Order;
import org.springframework.http.HttpStatus;
import org.springframework.stereotype.Component;

/**
 * Alipay's side of the buyer's wallet: scanning a QR code creates the trade, paying pays it, and a
 * waiting barcode payment (10003) is confirmed by its out_trade_no. First among the channels, so
 * that requests naming no channel keep their Alipay meaning.
 */
@Component
@Order(0)
class AlipayWallet implements WalletChannel {

  private final AlipayLedger ledger;

  AlipayWallet(AlipayLedger ledger) {
    this.ledger = ledger;
  }

  @Override
  public boolean recognizes(String code) {
    return code.startsWith("https://qr.alipay.com/");
  }

  @Override
  public boolean recognizesPaymentCode(String authCode) {
    return TestAuthCode.wellFormed(authCode);
  }

  @Override
  public WalletView scan(String code, String buyerId) {
    return answer(() -> ledger.scan(code, buyer(buyerId)));
  }

  @Override
  public WalletView pay(String code, String buyerId) {
    return answer(() -> ledger.walletPay(code, buyer(buyerId)));
  }

  @Override
  public boolean awaitsConfirmation(String outTradeNo, String authCode) {
    return outTradeNo != null
        && ledger.byOutTradeNo(outTradeNo).stream()
            .anyMatch(o -> o.trade() != null && o.trade().status() == TradeStatus.WAIT_BUYER_PAY);
  }

  @Override
  public boolean knowsPaymentCodeOrder(String outTradeNo, String authCode) {
    return outTradeNo != null
        && ledger.byOutTradeNo(outTradeNo).stream().anyMatch(o -> o.trade() != null);
  }

  @Override
  public WalletView confirm(String outTradeNo, String authCode) {
    if (outTradeNo == null) {
      throw new IllegalArgumentException("outTradeNo is required to confirm an Alipay payment");
    }
    return answer(() -> ledger.confirm(outTradeNo));
  }

  private static String buyer(String buyerId) {
    return buyerId == null ? AlipayIds.DEFAULT_BUYER : buyerId;
  }

  private static WalletView answer(Supplier<AlipayOrder> action) {
    try {
      AlipayOrder order = action.get();
      return new WalletView(
          order.outTradeNo(),
          order.trade().tradeNo(),
          order.trade().status().name(),
          order.sellerId(),
          order.terms().subject(),
          AlipayIds.money(order.terms().totalAmount()),
          "alipay");
    } catch (TradeRefused refused) {
      throw problem(refused);
    }
  }

  private static SandboxProblem problem(TradeRefused refused) {
    HttpStatus status =
        switch (refused.refusal()) {
          case QR_CODE_UNKNOWN, TRADE_NOT_EXIST -> HttpStatus.NOT_FOUND;
          case QR_CODE_EXPIRED -> HttpStatus.GONE;
          default -> HttpStatus.CONFLICT;
        };
    String type =
        switch (refused.refusal()) {
          case QR_CODE_UNKNOWN -> "qr-code-unknown";
          case QR_CODE_EXPIRED -> "qr-code-expired";
          case TRADE_HAS_SUCCESS -> "trade-already-paid";
          case TRADE_HAS_CLOSE -> "trade-closed";
          case TRADE_BUYER_NOT_MATCH -> "buyer-not-match";
          case TRADE_NOT_EXIST -> "trade-not-exist";
          default -> "trade-refused";
        };
    return new SandboxProblem(
        status, type, refused.refusal().subCode() + ": " + refused.getMessage());
  }
}
