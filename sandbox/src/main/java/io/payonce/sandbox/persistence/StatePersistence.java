package io.payonce.sandbox.persistence;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.clock.DaemonTimers;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.stereotype.Component;

/**
 * With {@code payonce.sandbox.persistence=true}: restores every channel's state at start, and
 * writes each to its file shortly after it changes and at shutdown. A crash may lose the last
 * quarter second; a clean stop loses nothing.
 */
@Component
class StatePersistence implements InitializingBean, DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(StatePersistence.class);
  private static final long SAVE_EVERY_MILLIS = 250;

  private final boolean enabled;
  private final StateFile file;
  private final List<PersistentState<?>> states;
  private final Map<String, Long> savedVersions = new ConcurrentHashMap<>();
  private final ScheduledExecutorService timer = DaemonTimers.named("sandbox-persistence");

  StatePersistence(SandboxProperties properties, StateFile file, List<PersistentState<?>> states) {
    this.enabled = properties.isPersistence();
    this.file = file;
    this.states = states;
  }

  @Override
  public void afterPropertiesSet() {
    if (!enabled) {
      return;
    }
    states.forEach(this::restore);
    timer.scheduleWithFixedDelay(
        this::saveChanged, SAVE_EVERY_MILLIS, SAVE_EVERY_MILLIS, TimeUnit.MILLISECONDS);
  }

  private <S> void restore(PersistentState<S> state) {
    file.read(state.fileName(), state.type())
        .ifPresent(
            saved -> {
              PersistentState.Restored restored = state.restore(saved);
              log.info(
                  "sandbox_state_restored file={} orders={} pending_notifies={}",
                  state.fileName(),
                  restored.orders(),
                  restored.pendingNotifies());
            });
  }

  private synchronized void saveChanged() {
    states.forEach(this::saveIfChanged);
  }

  private <S> void saveIfChanged(PersistentState<S> state) {
    long version = state.version();
    if (version == savedVersions.getOrDefault(state.fileName(), -1L)) {
      return;
    }
    try {
      file.write(state.fileName(), state.snapshot());
      savedVersions.put(state.fileName(), version);
    } catch (RuntimeException e) {
      log.warn(
          "sandbox_state_not_saved file={} type={} message={}",
          state.fileName(),
          e.getClass().getSimpleName(),
          e.getMessage());
    }
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
    if (enabled) {
      saveChanged();
    }
  }
}
