package io.payonce.server.idempotency;

import java.time.Instant;

/** A stored key: IN_PROGRESS while its first request runs, then COMPLETED with the response. */
record IdempotencyRecord(
    String scope,
    String key,
    String fingerprint,
    String requestBody,
    String state,
    String ownerToken,
    Instant lockedUntil,
    Integer responseStatus,
    String responseBody,
    Instant expiresAt) {

  static final String IN_PROGRESS = "IN_PROGRESS";
  static final String COMPLETED = "COMPLETED";

  boolean completed() {
    return COMPLETED.equals(state);
  }
}
