package io.payonce.server.app;

import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Deletes nonces whose window has passed (a replay of them is refused by its timestamp). */
@Component
class NoncePurger {

  private static final Logger log = LoggerFactory.getLogger(NoncePurger.class);

  private final NonceStore nonces;

  NoncePurger(NonceStore nonces) {
    this.nonces = nonces;
  }

  @Scheduled(
      fixedDelayString = "${payonce.apps.nonce-purge-interval:PT10M}",
      initialDelayString = "${payonce.apps.nonce-purge-interval:PT10M}")
  void purge() {
    // Wall-clock time, like the window check: nonces guard real time, not the business clock.
    int purged = nonces.purge(Clock.systemUTC().instant());
    if (purged > 0) {
      log.info("api nonces purged={}", purged);
    }
  }
}
