package io.payonce.server.alipay;

import io.payonce.server.app.ChannelConfigs;
import io.payonce.server.app.StoredAccounts;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelAccounts;
import io.payonce.server.channel.ChannelCallListener;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.channel.PaymentChannel;
import java.time.Clock;
import java.util.Optional;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.core.env.Environment;

/**
 * The Alipay adapters per configuration: the bootstrap one (properties) and one per stored
 * configuration, each with its own SDK client and keys, cached (bounded) and rebuilt when the
 * configuration's version changes.
 */
class AlipayAccounts implements ChannelAccounts {

  private final AlipayChannel bootstrap;
  private final AlipayProperties props;
  private final StoredAccounts<AlipayChannel> accounts;

  /** The adapter a notify's app_id names, and its configuration's key. */
  record Bound(String configKey, AlipayChannel channel) {}

  AlipayAccounts(
      AlipayChannel bootstrap,
      AlipayProperties props,
      Environment environment,
      ObjectProvider<ChannelConfigs> configs,
      ChannelCallListener listener,
      Clock clock) {
    this.bootstrap = bootstrap;
    this.props = props;
    this.accounts =
        new StoredAccounts<>(
            bootstrap,
            configs,
            (configKey, settings) ->
                new AlipayChannel(
                    new AlipayClientProvider(props.forAccount(settings.values()), environment),
                    listener,
                    clock,
                    bootstrap.kinds().contains(io.payonce.server.channel.PaymentKind.WEB),
                    bootstrap.kinds().contains(io.payonce.server.channel.PaymentKind.APP)));
  }

  @Override
  public Channel channel() {
    return Channel.ALIPAY;
  }

  @Override
  public Optional<PaymentChannel> forConfig(String configKey) {
    return adapter(configKey).map(PaymentChannel.class::cast);
  }

  Optional<AlipayChannel> adapter(String configKey) {
    return accounts.account(configKey);
  }

  /** The configuration whose Alipay app_id a notify names. */
  Optional<Bound> byAppId(String appId) {
    if (appId == null || appId.isBlank()) {
      return Optional.empty();
    }
    if (appId.equals(props.appId())) {
      return Optional.of(new Bound(ChannelConfigKey.BOOTSTRAP, bootstrap));
    }
    return accounts
        .stored()
        .flatMap(c -> c.byAccount(Channel.ALIPAY, appId))
        .flatMap(config -> adapter(config.configKey()).map(a -> new Bound(config.configKey(), a)));
  }
}
