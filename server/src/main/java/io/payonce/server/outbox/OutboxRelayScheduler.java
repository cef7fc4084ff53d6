package io.payonce.server.outbox;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Runs the relay on every instance that has it enabled; claims keep instances apart. */
@Component
@ConditionalOnBooleanProperty(name = "payonce.events.relay.enabled", matchIfMissing = true)
class OutboxRelayScheduler {

  private final OutboxRelay relay;

  OutboxRelayScheduler(OutboxRelay relay) {
    this.relay = relay;
  }

  @Scheduled(
      fixedDelayString = "${payonce.events.relay.interval:PT0.5S}",
      initialDelayString = "${payonce.events.relay.interval:PT0.5S}")
  void relay() {
    relay.drain();
  }
}
