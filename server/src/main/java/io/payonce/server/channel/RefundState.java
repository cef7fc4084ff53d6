package io.payonce.server.channel;

/**
 * A refund as the channel knows it.
 *
 * @param succeeded the channel made this refund; false means "not received, or failed" and is safe
 *     to retry under the same refund number
 */
public record RefundState(String outRequestNo, boolean succeeded, long amountMinor) {}
