package io.payonce.sandbox.wechat.notify;

import io.payonce.sandbox.notify.PendingNotice;
import java.time.Instant;
import java.util.Map;

/**
 * A notify not yet acknowledged. Its content is fixed at the change that caused it; the encryption
 * nonce, timestamp and signature are fresh per attempt.
 *
 * @param kind V3 (JSON, encrypted resource) or V2 (XML)
 * @param eventType V3: TRANSACTION.SUCCESS, REFUND.SUCCESS...; V2: the trade_type
 * @param originalType V3: transaction or refund (also the associated_data)
 * @param plaintext V3: the resource's JSON before encryption
 * @param fields V2: the XML fields before signing
 * @param attempts deliveries made so far
 * @param nextAttemptAt wall-clock time of the next delivery (retries run on real, scaled time)
 */
public record PendingNotify(
    String notifyId,
    Kind kind,
    String mchid,
    String outTradeNo,
    String url,
    String trigger,
    String eventType,
    String summary,
    String originalType,
    String createTime,
    String plaintext,
    Map<String, String> fields,
    int attempts,
    Instant nextAttemptAt)
    implements PendingNotice<PendingNotify> {

  /** The notify's protocol. */
  public enum Kind {
    /** APIv3: JSON, AES-256-GCM resource, signed headers; success is any 2xx. */
    V3,
    /** APIv2: XML signed with the v2 key; success is a 2xx with return_code SUCCESS. */
    V2
  }

  @Override
  public PendingNotify attempted(Instant next) {
    return new PendingNotify(
        notifyId,
        kind,
        mchid,
        outTradeNo,
        url,
        trigger,
        eventType,
        summary,
        originalType,
        createTime,
        plaintext,
        fields,
        attempts + 1,
        next);
  }
}
