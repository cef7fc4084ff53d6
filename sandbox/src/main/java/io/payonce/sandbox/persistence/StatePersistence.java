package io.payonce.sandbox.persistence;

import io.payonce.sandbox.SandboxProperties;
import io.payonce.sandbox.clock.DaemonTimers;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
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

  private static final long SAVE_EVERY_MILLIS = 250;

  private final boolean enabled;
  private final StateFile file;
  private final List<ChannelState<?, ?, ?, ?>> states;
  private final ScheduledExecutorService timer = DaemonTimers.named("sandbox-persistence");

  StatePersistence(
      SandboxProperties properties, StateFile file, List<ChannelState<?, ?, ?, ?>> states) {
    this.enabled = properties.isPersistence();
    this.file = file;
    this.states = states;
  }

  @Override
  public void afterPropertiesSet() {
    if (!enabled) {
      return;
    }
    states.forEach(state -> state.restore(file));
    timer.scheduleWithFixedDelay(
        this::saveChanged, SAVE_EVERY_MILLIS, SAVE_EVERY_MILLIS, TimeUnit.MILLISECONDS);
  }

  private synchronized void saveChanged() {
    states.forEach(state -> state.saveIfChanged(file));
  }

  @Override
  public void destroy() {
    timer.shutdownNow();
    if (enabled) {
      saveChanged();
    }
  }
}
