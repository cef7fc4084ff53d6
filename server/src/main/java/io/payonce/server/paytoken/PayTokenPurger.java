package io.payonce.server.paytoken;

import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Deletes database tokens past their retention (Redis expires its own). Safe on any instance. */
@Component
class PayTokenPurger {

  private static final Logger log = LoggerFactory.getLogger(PayTokenPurger.class);

  private final DbPayTokenStore db;
  private final Clock clock;

  PayTokenPurger(DbPayTokenStore db, Clock clock) {
    this.db = db;
    this.clock = clock;
  }

  @Scheduled(
      fixedDelayString = "${payonce.pay-token.purge-interval:PT10M}",
      initialDelayString = "${payonce.pay-token.purge-interval:PT10M}")
  void purge() {
    int purged = db.purge(clock.instant());
    if (purged > 0) {
      log.info("pay tokens purged={}", purged);
    }
  }
}
