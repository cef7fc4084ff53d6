package io.payonce.server.payment;

import io.payonce.server.money.Money;
import java.time.Instant;

/**
 * One attempt to collect an order through a channel, as stored.
 *
 * @param outTradeNo our number for the trade at the channel
 * @param tradeNo the channel's number for the trade, once known
 */
public record Payment(
    long payId,
    long orderId,
    Channel channel,
    String outTradeNo,
    Money amount,
    PaymentStatus status,
    String tradeNo,
    String qrCode,
    String requestId,
    Instant expireTime,
    Instant createdAt,
    Instant updatedAt,
    long version) {}
