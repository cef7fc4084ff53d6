package io.payonce.server.webhook;

import org.springframework.core.env.Environment;
import org.springframework.stereotype.Component;

/**
 * {@code payonce.events.webhook.url} and {@code .secret} are the bootstrap app's webhook (set on it
 * by app.AppBootstrap at start-up). A URL without a secret could sign nothing: the server refuses
 * to start, as it did when they were the single merchant's webhook.
 */
@Component
class BootstrapWebhookCheck {

  BootstrapWebhookCheck(Environment env) {
    String url = env.getProperty("payonce.events.webhook.url", "");
    String secret = env.getProperty("payonce.events.webhook.secret", "");
    if (!url.isBlank() && secret.isBlank()) {
      throw new IllegalStateException("payonce.events.webhook.secret is required with a url");
    }
  }
}
