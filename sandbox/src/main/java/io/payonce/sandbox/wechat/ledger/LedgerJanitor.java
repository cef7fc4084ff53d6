package io.payonce.sandbox.wechat.ledger;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.stereotype.Component;

/**
 * Lets time act on the WeChat ledger when nobody asks: completes due password confirmations and
 * settles refunds (with their notifies). Reads apply them too.
 */
@Component("wechatLedgerJanitor")
class LedgerJanitor implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(LedgerJanitor.class);

  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sandbox-wechat-janitor");
            thread.setDaemon(true);
            return thread;
          });

  LedgerJanitor(WechatLedger ledger) {
    timer.scheduleWithFixedDelay(
        () -> {
          try {
            ledger.settleDue();
          } catch (RuntimeException e) {
            log.warn(
                "wechat_janitor_failed type={} message={}",
                e.getClass().getSimpleName(),
                e.getMessage());
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
