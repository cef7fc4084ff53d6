package io.payonce.server.payment;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.money.Money;
import java.time.Instant;

/**
 * One attempt to collect an order through a channel, as stored.
 *
 * @param kind QR or barcode: with the channel, what the payment is; requests of another kind never
 *     touch it
 * @param outTradeNo our number for the trade at the channel
 * @param tradeNo the channel's number for the trade, once known
 * @param watchUntil set while the janitor keeps asking the channel about a payment closed here
 *     whose code may still be paid there (see {@link PaymentCloser})
 * @param channelConfig the channel configuration the payment was made under (the app's Alipay app
 *     or WeChat merchant, or {@link io.payonce.server.channel.ChannelConfigKey#BOOTSTRAP}): every
 *     call about it is made with that one, whatever the app's configuration is now
 * @param handoff the hand-off issued for it (JSON, see {@link HandoffJson}); null for QR and
 *     barcode payments and until it is issued
 * @param buyer what the buyer's side gave when it was opened (JSON, see {@link HandoffJson}); null
 *     when nothing was given
 */
public record Payment(
    long payId,
    long orderId,
    Channel channel,
    PaymentKind kind,
    String outTradeNo,
    Money amount,
    PaymentStatus status,
    String tradeNo,
    String qrCode,
    String requestId,
    Instant expireTime,
    Instant watchUntil,
    Instant createdAt,
    Instant updatedAt,
    long version,
    String channelConfig,
    String handoff,
    String buyer) {}
