package io.payonce.sandbox.alipay;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.alipay.ledger.AlipayLedger;
import io.payonce.sandbox.alipay.ledger.AlipayOrder;
import io.payonce.sandbox.alipay.notify.AlipayNotifier;
import io.payonce.sandbox.alipay.notify.PendingNotify;
import io.payonce.sandbox.persistence.StateFile;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;

/**
 * With {@code payonce.sandbox.persistence=true}: restores apps, ledger and pending notifies at
 * start, and writes them to {@code alipay-state.json} shortly after every change and at shutdown. A
 * crash may lose the last quarter second; a clean stop loses nothing.
 */
@Component
class AlipayStatePersistence implements InitializingBean, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(AlipayStatePersistence.class);
  private static final String FILE = "alipay-state.json";

  private final boolean enabled;
  private final StateFile file;
  private final AlipayApps apps;
  private final AlipayLedger ledger;
  private final AlipayNotifier notifier;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sandbox-alipay-persistence");
            thread.setDaemon(true);
            return thread;
          });
  private long savedVersion = -1;

  AlipayStatePersistence(
      SandboxProperties properties,
      StateFile file,
      AlipayApps apps,
      AlipayLedger ledger,
      AlipayNotifier notifier) {
    this.enabled = properties.isPersistence();
    this.file = file;
    this.apps = apps;
    this.ledger = ledger;
    this.notifier = notifier;
  }

  /** What survives a restart. */
  record AlipayState(List<AlipayApp> apps, List<AlipayOrder> orders, List<PendingNotify> pending) {}

  @Override
  public void afterPropertiesSet() {
    if (!enabled) {
      return;
    }
    file.read(FILE, AlipayState.class)
        .ifPresent(
            state -> {
              state.apps().forEach(apps::register);
              ledger.restore(state.orders());
              notifier.restore(state.pending());
              log.info(
                  "sandbox_state_restored orders={} pending_notifies={}",
                  state.orders().size(),
                  state.pending().size());
            });
    timer.scheduleWithFixedDelay(this::saveIfChanged, 250, 250, TimeUnit.MILLISECONDS);
  }

  private synchronized void saveIfChanged() {
    long version = ledger.version() + notifier.version() + apps.all().size();
    if (version == savedVersion) {
      return;
    }
    try {
      file.write(FILE, new AlipayState(List.copyOf(apps.all()), ledger.all(), notifier.pending()));
      savedVersion = version;
    } catch (RuntimeException e) {
      log.warn(
          "sandbox_state_not_saved type={} message={}",
          e.getClass().getSimpleName(),
          e.getMessage());
    }
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
    if (enabled) {
      saveIfChanged();
    }
  }
}
