package io.payonce.server.channel;

/**
 * A refund the channel accepted.
 *
 * @param fundChange false when this exact refund had already been made (an idempotent repeat)
 * @param refundedTotalMinor all refunded so far on the trade
 */
public record RefundResult(boolean fundChange, long refundedTotalMinor) {}
