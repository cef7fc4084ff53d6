package io.payonce.server.payment;

import io.payonce.server.channel.Channel;
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
    long version) {}
