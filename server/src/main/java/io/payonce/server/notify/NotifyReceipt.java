package io.payonce.server.notify;

import java.time.Instant;

/**
 * One notification as received, and what we made of it.
 *
 * @param outcome APPLIED, DUPLICATE, NO_CHANGE, or the reason it was refused (BAD_SIGNATURE, ...)
 * @param reply what we answered the channel ("success" or "fail")
 */
public record NotifyReceipt(
    String channel,
    String outTradeNo,
    String notifyId,
    String eventKey,
    String tradeStatus,
    String totalAmount,
    String outcome,
    String reply,
    String detail,
    String payloadHash,
    Instant receivedAt) {}
