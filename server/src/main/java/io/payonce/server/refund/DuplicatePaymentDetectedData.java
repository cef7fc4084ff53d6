package io.payonce.server.refund;

/**
 * The {@code data} of DuplicatePaymentDetected (docs/events.md): the payment that charged an order
 * already paid or closed, and the number of the refund PayOnce makes of it. The record the outbox
 * writes, and the schema the API document shows for it.
 *
 * @param amount the payment's amount, refunded in full
 * @param refundRequestNo the automatic refund's number ({@code DUP_<outTradeNo>})
 */
public record DuplicatePaymentDetectedData(
    long payId,
    long orderId,
    String outTradeNo,
    String amount,
    String currency,
    String refundRequestNo) {}
