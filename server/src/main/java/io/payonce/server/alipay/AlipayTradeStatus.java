package io.payonce.server.alipay;

import io.payonce.server.channel.TradeState;

/** Alipay's trade_status words. */
final class AlipayTradeStatus {

  private AlipayTradeStatus() {}

  static TradeState toState(String tradeStatus) {
    if (tradeStatus == null) {
      throw new IllegalArgumentException("no trade_status");
    }
    return switch (tradeStatus) {
      case "WAIT_BUYER_PAY" -> TradeState.WAIT_BUYER_PAY;
      case "TRADE_SUCCESS" -> TradeState.SUCCESS;
      case "TRADE_FINISHED" -> TradeState.FINISHED;
      case "TRADE_CLOSED" -> TradeState.CLOSED;
      default -> throw new IllegalArgumentException("unknown trade_status " + tradeStatus);
    };
  }
}
