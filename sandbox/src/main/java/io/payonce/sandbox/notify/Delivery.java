package io.payonce.sandbox.notify;

import java.time.Instant;

/**
 * One delivery of a notify as the {@link Notifier} saw it, for the channel to journal in its own
 * words.
 *
 * @param attempt the attempt it belongs to, counting from 1
 * @param copy 1 to notifyCopies; channels number their own deliveries beyond
 * @param at the sandbox clock's time, as the merchant would see it
 * @param httpStatus null when no reply came
 * @param reply the reply's body (abbreviated), or why there was none
 * @param outcome {@link #DELIVERED}, {@link #FAILED}, {@link #ERROR}, {@link #DROPPED}, or the
 *     channel's own
 * @param sent whether the request went on the wire (not when chaos dropped it, nor when it could
 *     not be built or addressed)
 */
public record Delivery(
    int attempt,
    int copy,
    Instant at,
    Integer httpStatus,
    String reply,
    String outcome,
    boolean sent) {

  /** The merchant acknowledged it. */
  public static final String DELIVERED = "DELIVERED";

  /** The merchant answered, but not with an acknowledgement. */
  public static final String FAILED = "FAILED";

  /** No answer: no connection, no reply in time, or no request to send. */
  public static final String ERROR = "ERROR";

  /** Chaos (notifyDrop): never sent, and never retried. */
  public static final String DROPPED = "DROPPED";
}
