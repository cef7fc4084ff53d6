package io.payonce.server.channel.alipay;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import io.payonce.server.app.ChannelConfigs;
import io.payonce.server.app.ChannelSettings;
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

  /** Clients kept at once; one past it is rebuilt at its next use. */
  static final int MAX_CLIENTS = 500;

  private final AlipayChannel bootstrap;
  private final AlipayProperties props;
  private final Environment environment;
  private final ObjectProvider<ChannelConfigs> configs;
  private final ChannelCallListener listener;
  private final Clock clock;
  private final Cache<String, Built> built = Caffeine.newBuilder().maximumSize(MAX_CLIENTS).build();

  /** An adapter and the configuration version it was built from. */
  private record Built(long version, AlipayChannel channel) {}

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
    this.environment = environment;
    this.configs = configs;
    this.listener = listener;
    this.clock = clock;
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
    if (ChannelConfigKey.isBootstrap(configKey)) {
      return Optional.of(bootstrap);
    }
    Optional<Long> version = stored().flatMap(c -> c.version(configKey));
    if (version.isEmpty()) {
      return Optional.empty();
    }
    // compute: one build per configuration at a time, so a sandbox never sees two key pairs race.
    Built current =
        built
            .asMap()
            .compute(
                configKey,
                (key, old) -> old != null && old.version() == version.get() ? old : build(key));
    return Optional.ofNullable(current).map(Built::channel);
  }

  /** The configuration whose Alipay app_id a notify names. */
  Optional<Bound> byAppId(String appId) {
    if (appId == null || appId.isBlank()) {
      return Optional.empty();
    }
    if (appId.equals(props.appId())) {
      return Optional.of(new Bound(ChannelConfigKey.BOOTSTRAP, bootstrap));
    }
    return stored()
        .flatMap(c -> c.byAccount(Channel.ALIPAY, appId))
        .flatMap(config -> adapter(config.configKey()).map(a -> new Bound(config.configKey(), a)));
  }

  private Built build(String configKey) {
    ChannelSettings settings = stored().flatMap(c -> c.settings(configKey)).orElse(null);
    if (settings == null) {
      return null;
    }
    AlipayClientProvider provider =
        new AlipayClientProvider(props.forAccount(settings.values()), environment);
    return new Built(settings.version(), new AlipayChannel(provider, listener, clock));
  }

  /** The stored configurations; none where the apps module is not wired (a channel-only slice). */
  private Optional<ChannelConfigs> stored() {
    return Optional.ofNullable(configs.getIfAvailable());
  }
}
