package io.payonce.server.app;

import java.util.Map;

/**
 * A stored configuration's settings in the clear, for its channel's adapter only. {@link
 * #toString()} prints no value.
 *
 * @param values the channel's fields (keys and secrets included), as its settings format wrote them
 */
public record ChannelSettings(
    String configKey, String appId, String accountId, long version, Map<String, String> values) {

  @Override
  public String toString() {
    return "ChannelSettings[configKey="
        + configKey
        + ", accountId="
        + accountId
        + ", version="
        + version
        + "]";
  }
}
