package io.payonce.server.webhook;

import io.payonce.server.outbox.OutboxRelay;
import org.springframework.context.ApplicationContext;

/**
 * For tests outside this package, whose context dispatches nothing by itself (application-test.yml
 * turns the relay and the dispatcher off): one pass of the relay, then of the dispatcher.
 */
public final class WebhookPump {

  private WebhookPump() {}

  /** Hands the outbox's events to their deliveries, then posts the deliveries that are due. */
  public static void once(ApplicationContext context) {
    context.getBean(OutboxRelay.class).drain();
    context.getBean(WebhookDispatcher.class).dispatchDue();
  }
}
