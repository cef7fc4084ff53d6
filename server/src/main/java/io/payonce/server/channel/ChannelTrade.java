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
}
