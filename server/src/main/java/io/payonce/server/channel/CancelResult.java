package io.payonce.server.channel;

/**
 * What a cancel did.
 *
 * @param action CLOSE (unpaid trade closed), REFUND (paid trade refunded) or NONE (no trade,
 *     nothing done)
 * @param retry the channel asks to call cancel again
 */
public record CancelResult(String action, boolean retry) {}
