package io.payonce.sandbox.notify;

import java.time.Instant;

/**
 * A notify not yet acknowledged, as the retrying {@link Notifier} sees it. Its content is the
 * channel's, fixed at the change that caused it; what is fresh per attempt (timestamps, nonces,
 * signatures) the channel adds when it builds the attempt's request.
 */
public interface PendingNotice<N extends PendingNotice<N>> {

  String notifyId();

  String outTradeNo();

  /** What caused it ({@code wallet.pay}, {@code wechat.refund}...): the chaos scope's method. */
  String trigger();

  /** Where it is delivered: the merchant's notify_url. */
  String url();

  /** Deliveries made so far. */
  int attempts();

  /** Wall-clock time of the next delivery (retries run on real, scaled time). */
  Instant nextAttemptAt();

  /** The same notify once one more attempt failed, due again at {@code next}. */
  N attempted(Instant next);
}
