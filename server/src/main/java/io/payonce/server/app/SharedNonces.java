package io.payonce.server.app;

import java.time.Instant;

/**
 * A faster place than the database to keep signed requests' nonces in, shared by every instance
 * (Redis, when it is enabled). {@link NonceStore} falls back to the database when it cannot tell.
 */
public interface SharedNonces {

  /**
   * Whether this is the nonce's first use by the app, recorded until {@code keepUntil}; null when
   * the store cannot tell now.
   */
  Boolean firstUse(String appId, String nonce, Instant now, Instant keepUntil);
}
