package io.payonce.server.payment;

import io.payonce.server.app.ChannelConfigs;
import io.payonce.server.app.ChannelNotConfiguredException;
import io.payonce.server.channel.BuyerSignIn;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.order.OrderRef;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * The buyer's sign-in at a channel for one order: that of the account the order's payment on the
 * channel would be made under (the app's own, or the deployment's), so that the buyer id it gives
 * is the one that account's trade may name.
 */
@Service
public class BuyerSignIns {

  private final ChannelConfigs configs;
  private final PaymentChannels channels;

  BuyerSignIns(ChannelConfigs configs, PaymentChannels channels) {
    this.configs = configs;
    this.channels = channels;
  }

  /** The sign-in for {@code order}'s payments on {@code channel}; empty when it has none. */
  public Optional<BuyerSignIn> of(OrderRef order, Channel channel) {
    try {
      return channels
          .find(channel, configs.resolve(order.appId(), channel))
          .flatMap(adapter -> adapter.buyerSignIn());
    } catch (ChannelNotConfiguredException notConfigured) {
      return Optional.empty();
    }
  }
}
