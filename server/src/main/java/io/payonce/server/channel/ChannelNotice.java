package io.payonce.server.channel;

import java.time.Instant;

/**
 * A verified asynchronous notification, in channel-neutral terms.
 *
 * @param eventKey what the notice asserts, unique per fact: the dedup key (e.g. Alipay {@code
 *     trade_no:trade_status[:out_biz_no]})
 * @param notifyId the channel's id of this notification (informative; stable across its re-sends)
 * @param refundRequestNo set on refund notifications: the refund's out_request_no
 * @param refundedTotalMinor on refund notifications, all refunded so far
 */
public record ChannelNotice(
    String channel,
    String eventKey,
    String notifyId,
    String outTradeNo,
    String tradeNo,
    TradeState state,
    long totalAmountMinor,
    String buyerId,
    Instant paidAt,
    String refundRequestNo,
    long refundedTotalMinor) {

  /** The trade as this notice reports it. */
  public ChannelTrade trade() {
    return new ChannelTrade(outTradeNo, tradeNo, state, totalAmountMinor, buyerId, paidAt);
  }
}
