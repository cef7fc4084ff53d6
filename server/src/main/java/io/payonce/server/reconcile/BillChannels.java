package io.payonce.server.reconcile;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelBills;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Component;

/** The channels whose bills this instance can reconcile: the configured {@link ChannelBills}. */
@Component
class BillChannels {

  private final Map<Channel, ChannelBills> byChannel = new EnumMap<>(Channel.class);

  BillChannels(List<ChannelBills> adapters) {
    for (ChannelBills adapter : adapters) {
      if (byChannel.put(adapter.channel(), adapter) != null) {
        throw new IllegalStateException("two bill adapters for channel " + adapter.channel());
      }
    }
  }

  /** The configured channels, in {@link Channel} order. */
  Set<Channel> channels() {
    return Collections.unmodifiableSet(byChannel.keySet());
  }

  /** The adapter of the channel named {@code channel} as runs store it, if configured. */
  Optional<ChannelBills> find(String channel) {
    return byChannel.values().stream()
        .filter(adapter -> adapter.channel().name().equals(channel))
        .findFirst();
  }

  /**
   * The adapter of the channel named {@code channel}.
   *
   * @throws IllegalArgumentException if this instance has no bills of that channel
   */
  ChannelBills get(String channel) {
    return find(channel)
        .orElseThrow(
            () -> new IllegalArgumentException("no bills of channel " + channel + " configured"));
  }
}
