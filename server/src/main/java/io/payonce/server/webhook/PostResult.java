package io.payonce.server.webhook;

import java.time.Instant;

/**
 * What one POST came to.
 *
 * @param status the receiver's HTTP status, null when there was no answer
 * @param failure why there was no 2xx, null on success
 */
record PostResult(Instant startedAt, long latencyMs, Integer status, String failure) {

  boolean succeeded() {
    return status != null && status / 100 == 2;
  }
}
