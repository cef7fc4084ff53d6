package io.payonce.sandbox.web;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.springframework.web.context.request.async.DeferredResult;

/**
 * Replies that a chaos delay (latency, commit-then-timeout) holds back: completed later from a
 * timer, never by holding a request thread.
 */
public final class DelayedReplies {

  /** How much longer than its delay a reply may take before the container gives up on it. */
  private static final long GRACE_MILLIS = 60_000L;

  private DelayedReplies() {}

  public static <T> DeferredResult<T> after(long delayMillis, T reply) {
    DeferredResult<T> result = new DeferredResult<>(delayMillis + GRACE_MILLIS);
    if (delayMillis <= 0) {
      result.setResult(reply);
    } else {
      CompletableFuture.delayedExecutor(delayMillis, TimeUnit.MILLISECONDS)
          .execute(() -> result.setResult(reply));
    }
    return result;
  }
}
