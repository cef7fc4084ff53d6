package io.payonce.client;

import java.time.Duration;

/**
 * When the client asks again: after a network failure, or an answer that says so (429, 503, or a
 * 409 with Retry-After: another request holds the payment or the key). Every retried request
 * carries the Idempotency-Key of its first attempt (or is a GET), so asking again never charges
 * twice.
 *
 * @param maxAttempts attempts in all, the first included (1: never retry)
 * @param initialBackoff the wait before the second attempt when the answer names none; doubled each
 *     time
 * @param maxBackoff the longest wait between attempts, Retry-After included: a longer Retry-After
 *     ends the retries and the problem is thrown
 */
public record RetryPolicy(int maxAttempts, Duration initialBackoff, Duration maxBackoff) {

  public RetryPolicy {
    if (maxAttempts < 1) {
      throw new IllegalArgumentException("maxAttempts must be at least 1");
    }
  }

  /** Three attempts, 200 ms then 400 ms apart, Retry-After honoured up to 10 seconds. */
  public static RetryPolicy defaults() {
    return new RetryPolicy(3, Duration.ofMillis(200), Duration.ofSeconds(10));
  }

  /** One attempt. */
  public static RetryPolicy none() {
    return new RetryPolicy(1, Duration.ZERO, Duration.ZERO);
  }

  Duration backoff(int failedAttempts) {
    Duration wait = initialBackoff.multipliedBy(1L << Math.min(failedAttempts - 1, 20));
    return wait.compareTo(maxBackoff) > 0 ? maxBackoff : wait;
  }
}
