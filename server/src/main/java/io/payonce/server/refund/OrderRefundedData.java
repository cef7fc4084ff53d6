package io.payonce.server.refund;

import io.payonce.server.order.OrderStatus;

/**
 * The {@code data} of OrderPartiallyRefunded and OrderRefunded (docs/events.md): the order's
 * fields, the refund that made the news and the total refunded so far. The record the outbox
 * writes, and the schema the API document shows for them.
 *
 * @param amount the order's amount, a decimal string in major units
 * @param outTradeNo the payment that paid the order (and was refunded)
 * @param outRequestNo the merchant's refund that made the news
 * @param refundedAmount all refunded of the order so far, this refund included
 */
public record OrderRefundedData(
    long orderId,
    String orderNo,
    String userId,
    String amount,
    String currency,
    OrderStatus status,
    String outTradeNo,
    String outRequestNo,
    String refundedAmount) {}
