package io.payonce.server.channel;

import java.util.Optional;

/**
 * One channel's adapters per configuration: the bootstrap one and one per stored configuration,
 * built at the first use and cached (bounded), rebuilt when the configuration changes.
 */
public interface ChannelAccounts {

  /** Whose accounts these are. */
  Channel channel();

  /** The adapter speaking for {@code configKey}; empty when there is no such configuration. */
  Optional<PaymentChannel> forConfig(String configKey);
}
