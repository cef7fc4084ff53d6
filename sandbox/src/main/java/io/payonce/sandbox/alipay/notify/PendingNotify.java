package io.payonce.sandbox.alipay.notify;

import io.payonce.sandbox.notify.PendingNotice;
import java.time.Instant;
import java.util.Map;

/**
 * A notify not yet answered {@code success}. {@code params} are fixed at the trade change (the
 * notify_id among them); only notify_time and the signature change per attempt.
 *
 * @param attempts deliveries made so far
 * @param nextAttemptAt wall-clock time of the next delivery (retries run on real, scaled time)
 */
public record PendingNotify(
    String notifyId,
    String outTradeNo,
    String url,
    String trigger,
    Map<String, String> params,
    int attempts,
    Instant nextAttemptAt)
    implements PendingNotice<PendingNotify> {

  @Override
  public PendingNotify attempted(Instant next) {
    return new PendingNotify(notifyId, outTradeNo, url, trigger, params, attempts + 1, next);
  }
}
