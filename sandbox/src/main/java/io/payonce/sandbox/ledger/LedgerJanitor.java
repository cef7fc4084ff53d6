package io.payonce.sandbox.ledger;

import io.payonce.sandbox.clock.DaemonTimers;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Lets time act on every ledger even when nobody asks: closes expired orders, completes due
 * payment-code confirmations and settles refunds (with their notifies). Reads apply them too, so
 * tests that move the clock see the effect on their next call without waiting for this. One timer
 * per ledger, so that a large ledger never holds back another's.
 */
@Component
class LedgerJanitor implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(LedgerJanitor.class);
  private static final long PERIOD_MILLIS = 500;

  private final List<ScheduledExecutorService> timers;

  LedgerJanitor(List<Ledger<?>> ledgers) {
    this.timers = ledgers.stream().map(LedgerJanitor::sweeping).toList();
  }

  private static ScheduledExecutorService sweeping(Ledger<?> ledger) {
    ScheduledExecutorService timer = DaemonTimers.named("sandbox-" + ledger.channel() + "-janitor");
    timer.scheduleWithFixedDelay(
        () -> sweep(ledger), PERIOD_MILLIS, PERIOD_MILLIS, TimeUnit.MILLISECONDS);
    return timer;
  }

  private static void sweep(Ledger<?> ledger) {
    try {
      ledger.applyDue();
    } catch (RuntimeException e) {
      log.warn(
          "janitor_failed channel={} type={} message={}",
          ledger.channel(),
          e.getClass().getSimpleName(),
          e.getMessage());
    }
  }

  @Override
  public void destroy() {
    timers.forEach(ScheduledExecutorService::shutdownNow);
  }
}
