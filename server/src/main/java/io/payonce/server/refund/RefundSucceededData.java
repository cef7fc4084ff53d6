package io.payonce.server.refund;

/**
 * The {@code data} of RefundSucceeded (docs/events.md): the record the outbox writes, and the
 * schema the API document shows for it.
 *
 * @param amount this refund's amount, a decimal string in major units
 * @param channel the payment's channel (ALIPAY, WECHAT)
 */
public record RefundSucceededData(
    long refundId,
    long payId,
    long orderId,
    String outTradeNo,
    String outRequestNo,
    String amount,
    String currency,
    RefundKind kind,
    String channel) {}
