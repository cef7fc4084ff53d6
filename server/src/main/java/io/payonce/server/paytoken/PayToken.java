package io.payonce.server.paytoken;

import java.time.Instant;

/**
 * A stored token.
 *
 * @param used whether a payment request has consumed it
 */
record PayToken(String token, String userId, Instant expiresAt, boolean used) {

  boolean expiredAt(Instant now) {
    return !used && !now.isBefore(expiresAt);
  }
}
