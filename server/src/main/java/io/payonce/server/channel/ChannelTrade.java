package io.payonce.server.channel;

import java.time.Instant;

/**
 * A trade as the channel reports it, in channel-neutral terms. Amounts are minor units (fen).
 *
 * @param tradeNo the channel's number; null while the trade does not exist
 * @param paidAt when the channel says the money was taken; null unless {@link TradeState#paid()}
 */
public record ChannelTrade(
    String outTradeNo,
    String tradeNo,
    TradeState state,
    long totalAmountMinor,
    String buyerId,
    Instant paidAt) {

  public static ChannelTrade notFound(String outTradeNo) {
    return new ChannelTrade(outTradeNo, null, TradeState.NOT_FOUND, 0, null, null);
  }

  /**
   * A query's outcome, with the channel's refusal "no such trade" read as what it is: an answer,
   * the trade {@link TradeState#NOT_FOUND}.
   */
  public static ChannelOutcome<ChannelTrade> orNotFound(
      ChannelOutcome<ChannelTrade> queried, String outTradeNo) {
    if (queried instanceof ChannelOutcome.Refused<ChannelTrade> refused
        && refused.is(Refusal.TRADE_NOT_FOUND)) {
      return ChannelOutcome.done(notFound(outTradeNo));
    }
    return queried;
  }
}
