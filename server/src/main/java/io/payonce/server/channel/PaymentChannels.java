package io.payonce.server.channel;

import java.util.Collection;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.springframework.stereotype.Component;

/** The channels this instance is configured for, by their one identity, {@link Channel}. */
@Component
public class PaymentChannels {

  private final Map<Channel, PaymentChannel> byChannel = new EnumMap<>(Channel.class);
  private final Map<Channel, ChannelAccounts> accounts = new EnumMap<>(Channel.class);

  PaymentChannels(List<PaymentChannel> channels, List<ChannelAccounts> accounts) {
    for (PaymentChannel channel : channels) {
      if (byChannel.put(channel.channel(), channel) != null) {
        throw new IllegalStateException("two adapters for channel " + channel.channel());
      }
    }
    for (ChannelAccounts each : accounts) {
      if (this.accounts.put(each.channel(), each) != null) {
        throw new IllegalStateException("two account registries for channel " + each.channel());
      }
    }
  }

  /**
   * The channel's adapter for one configuration (the bootstrap one for {@link
   * ChannelConfigKey#BOOTSTRAP} or null), if this instance is configured for the channel and the
   * configuration exists.
   */
  public Optional<PaymentChannel> find(Channel channel, String configKey) {
    if (ChannelConfigKey.isBootstrap(configKey)) {
      return find(channel);
    }
    ChannelAccounts registry = accounts.get(channel);
    return registry == null ? Optional.empty() : registry.forConfig(configKey);
  }

  /**
   * The channel's adapter for one configuration.
   *
   * @throws IllegalStateException if this instance is not configured for the channel, or there is
   *     no such configuration
   */
  public PaymentChannel get(Channel channel, String configKey) {
    return find(channel, configKey)
        .orElseThrow(
            () ->
                new IllegalStateException(
                    "channel " + channel + " has no configuration " + configKey));
  }

  /** The channel's per-payment limit in minor units; none for a channel not configured here. */
  public long maxAmountMinor(Channel channel) {
    return find(channel).map(PaymentChannel::maxAmountMinor).orElse(Long.MAX_VALUE);
  }

  /** Every configured channel. */
  public Collection<PaymentChannel> all() {
    return Collections.unmodifiableCollection(byChannel.values());
  }

  /** The channel's adapter, if this instance is configured for it. */
  public Optional<PaymentChannel> find(Channel channel) {
    return Optional.ofNullable(byChannel.get(channel));
  }

  /**
   * The channel's adapter.
   *
   * @throws IllegalStateException if this instance is not configured for it
   */
  public PaymentChannel get(Channel channel) {
    PaymentChannel adapter = byChannel.get(channel);
    if (adapter == null) {
      throw new IllegalStateException("channel " + channel + " is not configured");
    }
    return adapter;
  }
}
