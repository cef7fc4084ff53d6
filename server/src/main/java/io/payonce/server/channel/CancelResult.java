package io.payonce.server.channel;

import java.time.Instant;

/**
 * What a cancel (reversal) did, in neutral terms.
 *
 * @param action what happened to the trade
 * @param retry the channel asks to call cancel again (nothing is settled yet)
 * @param tradeNo the channel's number of the trade, when there was one
 * @param refundedAt when the money went back, for {@link Action#REFUNDED}
 */
public record CancelResult(Action action, boolean retry, String tradeNo, Instant refundedAt) {

  /** The effect of a cancel on the trade. */
  public enum Action {
    /** The trade was unpaid and is closed: nothing was taken. */
    CLOSED,
    /** The trade had been paid and its money was given back in full by the cancel itself. */
    REFUNDED,
    /** There was no trade to act on (the buyer's code never reached the channel). */
    NOTHING
  }
}
