package io.payonce.server.journal;

/**
 * Who asked for a transition. Sources that carry a channel's answer are <em>channel evidence</em>:
 * they may record a payment as taken even after we had decided locally that it failed or closed.
 */
public enum TransitionSource {
  /** Our own API, on a caller's request: a local decision. */
  API(false),
  /** An asynchronous notification from the channel. */
  NOTIFY(true),
  /** The channel's synchronous answer to a payment request (barcode pay). */
  PAY(true),
  /** The answer to our query of the channel. */
  QUERY(true),
  /** The channel's answer to our close request (e.g. "already paid"). */
  CLOSE(true),
  /**
   * The channel's answer to our cancel (reversal) of a barcode payment: the only word that settles
   * a payment being cancelled, because only it says whether the money taken was given back.
   */
  CANCEL(true),
  /** The janitor that settles stale in-flight payments by asking the channel. */
  JANITOR(true),
  /** Reconciliation against the channel's bill. */
  RECONCILE(true);

  private final boolean channelEvidence;

  TransitionSource(boolean channelEvidence) {
    this.channelEvidence = channelEvidence;
  }

  /** Whether this source reports what the channel says rather than what we decided. */
  public boolean isChannelEvidence() {
    return channelEvidence;
  }
}
