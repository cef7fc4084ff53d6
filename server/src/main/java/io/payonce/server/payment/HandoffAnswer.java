package io.payonce.server.payment;

import io.payonce.server.channel.Handoff;
import io.payonce.server.channel.PaymentKind;
import java.time.Instant;

/**
 * What a hand-off request returns: the order's one hand-off (a link or form to the channel's page,
 * the parameters for its SDK in the merchant's app) and where its payment stands. Repeats answer
 * the same one. Opening it is no proof of payment, nor is the buyer's return from the channel's
 * page: only the payment's status says so.
 */
public record HandoffAnswer(
    String orderNo,
    String outTradeNo,
    PaymentKind kind,
    Handoff handoff,
    Instant expireTime,
    PaymentStatus paymentStatus) {}
