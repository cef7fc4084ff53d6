package io.payonce.server.wechat;

import com.wechat.pay.java.service.payments.model.Transaction;
import io.payonce.server.channel.TradeState;

/** WeChat's trade_state in neutral words. */
final class WechatTradeState {

  private WechatTradeState() {}

  /**
   * A trade's state, told apart by whether it was ever paid (it has a payment time): REVOKED is
   * what WeChat says of a payment code reversed unpaid, and of one reversed after it was paid —
   * then all of it was given back.
   */
  static TradeState toState(Transaction.TradeStateEnum state, boolean everPaid) {
    return state == Transaction.TradeStateEnum.REVOKED && everPaid
        ? TradeState.REFUNDED
        : toState(state);
  }

  private static TradeState toState(Transaction.TradeStateEnum state) {
    if (state == null) {
      throw new IllegalArgumentException("no trade_state");
    }
    return switch (state) {
      // REFUND: paid, and a refund has started (ours, or a reversal's); the money was taken.
      case SUCCESS -> TradeState.SUCCESS;
      case REFUND -> TradeState.REFUNDING;
      // The trade exists from prepay on (NOTPAY), unlike an unscanned Alipay code: open, and
      // nothing says anyone scanned it.
      case NOTPAY -> TradeState.OPEN;
      // USERPAYING: the buyer is entering the password; ACCEPT: received, being paid (payment
      // code states). Neither took money yet.
      case USERPAYING, ACCEPT -> TradeState.WAIT_BUYER_PAY;
      // PAYERROR: the payment failed; REVOKED: reversed before it was paid (see above for after).
      case CLOSED, REVOKED, PAYERROR -> TradeState.CLOSED;
    };
  }
}
