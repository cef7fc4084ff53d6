package io.payonce.server.webhook;

import org.springframework.boot.autoconfigure.condition.ConditionalOnBooleanProperty;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/** Runs the dispatcher on every instance that has it enabled; leases keep instances apart. */
@Component
@ConditionalOnBooleanProperty(name = "payonce.webhooks.dispatch", matchIfMissing = true)
class WebhookDispatchScheduler {

  private final WebhookDispatcher dispatcher;

  WebhookDispatchScheduler(WebhookDispatcher dispatcher) {
    this.dispatcher = dispatcher;
  }

  @Scheduled(
      fixedDelayString = "${payonce.webhooks.interval:PT0.5S}",
      initialDelayString = "${payonce.webhooks.interval:PT0.5S}")
  void dispatch() {
    dispatcher.dispatchDue();
  }
}
