package io.payonce.server.payment;

import io.payonce.server.channel.Channel;
import io.payonce.server.journal.TransitionSource;

/**
 * The {@code data} of a payment's events, PaymentSucceeded, PaymentFailed and PaymentClosed
 * (docs/events.md): the record the outbox writes, and the schema the API document shows for them.
 *
 * @param tradeNo the channel's number for the payment, or null when it never gave one
 * @param from the payment's status before the change
 * @param status its status after
 * @param source what learnt the change (API, NOTIFY, QUERY, JANITOR, RECONCILE, ...)
 */
public record PaymentEventData(
    long payId,
    long orderId,
    Channel channel,
    String outTradeNo,
    String tradeNo,
    String amount,
    String currency,
    PaymentStatus from,
    PaymentStatus status,
    TransitionSource source) {}
