package io.payonce.server.alarm;

import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Alarms ({@code payonce.alarms.*}).
 *
 * @param refusedCallbacksPerMinute how many alarms refused callbacks (forged, tampered, malformed
 *     or misrouted: whoever reaches the URL can send them) may record per alarm type and channel,
 *     per minute, on one instance; the rest are counted ({@code payonce.alarms.suppressed}) and the
 *     next one recorded says how many were left out — so a flood of forged callbacks neither fills
 *     the alarm table nor buries the alarms that matter
 */
@ConfigurationProperties("payonce.alarms")
public record AlarmProperties(@DefaultValue("60") int refusedCallbacksPerMinute) {

  public AlarmProperties {
    if (refusedCallbacksPerMinute < 1) {
      throw new IllegalArgumentException(
          "payonce.alarms.refused-callbacks-per-minute must be at least 1");
    }
  }
}
