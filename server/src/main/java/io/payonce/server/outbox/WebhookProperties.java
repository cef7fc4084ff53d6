package io.payonce.server.outbox;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The merchant webhook of the embedded sink ({@code payonce.events.webhook.*}).
 *
 * @param url where events are POSTed; none when empty
 * @param secret the HMAC-SHA256 key of the {@code PayOnce-Signature} header
 * @param timeout connect and read timeout of one POST
 */
@ConfigurationProperties("payonce.events.webhook")
public record WebhookProperties(
    @DefaultValue("") String url,
    @DefaultValue("") String secret,
    @DefaultValue("5s") Duration timeout) {

  boolean enabled() {
    return url != null && !url.isBlank();
  }
}
