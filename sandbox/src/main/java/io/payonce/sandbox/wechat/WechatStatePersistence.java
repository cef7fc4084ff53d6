package io.payonce.sandbox.wechat;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.persistence.StateFile;
import io.payonce.sandbox.wechat.ledger.WechatLedger;
import io.payonce.sandbox.wechat.ledger.WechatOrder;
import io.payonce.sandbox.wechat.notify.PendingNotify;
import io.payonce.sandbox.wechat.notify.WechatNotifier;
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
 * With {@code payonce.sandbox.persistence=true}: restores merchants, ledger and pending notifies at
 * start, and writes them to {@code wechat-state.json} shortly after every change and at shutdown,
 * as the Alipay side does with its own file.
 */
@Component
class WechatStatePersistence implements InitializingBean, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(WechatStatePersistence.class);
  private static final String FILE = "wechat-state.json";

  private final boolean enabled;
  private final StateFile file;
  private final WechatMerchants merchants;
  private final WechatLedger ledger;
  private final WechatNotifier notifier;
  private final ScheduledExecutorService timer =
      Executors.newSingleThreadScheduledExecutor(
          runnable -> {
            Thread thread = new Thread(runnable, "sandbox-wechat-persistence");
            thread.setDaemon(true);
            return thread;
          });
  private long savedVersion = -1;

  WechatStatePersistence(
      SandboxProperties properties,
      StateFile file,
      WechatMerchants merchants,
      WechatLedger ledger,
      WechatNotifier notifier) {
    this.enabled = properties.isPersistence();
    this.file = file;
    this.merchants = merchants;
    this.ledger = ledger;
    this.notifier = notifier;
  }

  /** What survives a restart. */
  record WechatState(
      List<WechatMerchant> merchants, List<WechatOrder> orders, List<PendingNotify> pending) {}

  @Override
  public void afterPropertiesSet() {
    if (!enabled) {
      return;
    }
    file.read(FILE, WechatState.class)
        .ifPresent(
            state -> {
              state.merchants().forEach(merchants::register);
              ledger.restore(state.orders());
              notifier.restore(state.pending());
              log.info(
                  "sandbox_wechat_state_restored orders={} pending_notifies={}",
                  state.orders().size(),
                  state.pending().size());
            });
    timer.scheduleWithFixedDelay(this::saveIfChanged, 250, 250, TimeUnit.MILLISECONDS);
  }

  private synchronized void saveIfChanged() {
    long version = ledger.version() + notifier.version() + merchants.version();
    if (version == savedVersion) {
      return;
    }
    try {
      file.write(
          FILE, new WechatState(List.copyOf(merchants.all()), ledger.all(), notifier.pending()));
      savedVersion = version;
    } catch (RuntimeException e) {
      log.warn(
          "sandbox_wechat_state_not_saved type={} message={}",
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
