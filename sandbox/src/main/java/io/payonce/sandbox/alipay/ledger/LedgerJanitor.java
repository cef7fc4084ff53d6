package io.payonce.sandbox.alipay.ledger;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Lets time act on the ledger even when nobody asks: closes expired trades and completes due
 * barcode confirmations (with their notifies). Reads also apply them, so tests that move the clock
 * see the effect on their next call without waiting for this.
 */
@Component
class LedgerJanitor implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(LedgerJanitor.class);

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sandbox-alipay-janitor");
            thread.setDaemon(true);
            return thread;
          });

  LedgerJanitor(AlipayLedger ledger) {
    timer.scheduleWithFixedDelay(
        () -> {
          try {
            ledger.expireDue();
          } catch (RuntimeException e) {
            log.warn(
                "janitor_failed type={} message={}", e.getClass().getSimpleName(), e.getMessage());
          }
        },
        500,
        500,
        TimeUnit.MILLISECONDS);
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
  }
}
