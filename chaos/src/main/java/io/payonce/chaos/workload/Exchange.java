package io.payonce.chaos.workload;

/**
 * One request the workload made and what came back.
 *
 * @param atMs when it was sent, since the run started
 * @param op what it was ({@code precreate}, {@code refund}, {@code wallet.pay}...)
 * @param target where it went ({@code lb}, {@code instance-2}, {@code sandbox})
 * @param key its Idempotency-Key or requestId, null without one
 * @param sent the request body, kept for keyed requests (replays are compared per body)
 * @param status -1 when there was no answer
 * @param body the answer, kept for keyed requests and server errors
 * @param replayed whether the answer said {@code Idempotent-Replayed: true}
 * @param retryAfter whether the answer carried {@code Retry-After}
 * @param problem the problem type's last segment, or the client-side error for -1
 */
public record Exchange(
    long atMs,
    long tookMs,
    String op,
    String target,
    String orderNo,
    String key,
    String sent,
    int status,
    String body,
    boolean replayed,
    boolean retryAfter,
    String problem) {

  public boolean ok() {
    return status / 100 == 2;
  }
}
