package io.payonce.server.notify;

import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * The callbacks' door ({@code payonce.callbacks.*}).
 *
 * @param unprovenPerSourcePerMinute deliveries that prove nothing (unsigned, forged, unreadable) a
 *     source may send in a minute before its next ones are refused unread
 * @param trustVerifiedSourceFor how long a source that delivered a verified notify is never held
 */
@ConfigurationProperties("payonce.callbacks")
public record CallbackProperties(
    @DefaultValue("60") int unprovenPerSourcePerMinute,
    @DefaultValue("10m") Duration trustVerifiedSourceFor) {

  public CallbackProperties {
    if (unprovenPerSourcePerMinute < 1) {
      throw new IllegalArgumentException(
          "payonce.callbacks.unproven-per-source-per-minute must be at least 1");
    }
  }
}
