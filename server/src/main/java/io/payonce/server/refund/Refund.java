package io.payonce.server.refund;

import java.time.Instant;

/** One refund as stored. Amounts are minor units. */
public record Refund(
    long id,
    long payId,
    long orderId,
    String outTradeNo,
    String outRequestNo,
    long amountMinor,
    String currency,
    String reason,
    RefundKind kind,
    RefundStatus status,
    String detail,
    Instant createdAt,
    Instant updatedAt) {}
