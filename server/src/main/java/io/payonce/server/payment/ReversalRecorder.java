package io.payonce.server.payment;

import java.time.Instant;

/**
 * Told, inside the transaction that recorded a payment as SUCCESS on the word of its cancel, that
 * the cancel gave the money back in full: the refund the channel made is a fact to record (under a
 * number derived from the payment, so that recording it twice is recording it once).
 */
public interface ReversalRecorder {

  void onReversed(Payment payment, Instant refundedAt);
}
