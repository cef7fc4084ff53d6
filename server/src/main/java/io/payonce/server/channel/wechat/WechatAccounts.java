package io.payonce.server.channel.wechat;

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
 * The WeChat Pay adapters per configuration: the bootstrap merchant (properties) and one per stored
 * configuration, each with its own clients and keys, cached (bounded) and rebuilt when the
 * configuration's version changes. A stored merchant's notifies come to its own paths ({@code
 * /pay/wechat/notify/{configKey}}, {@code /api/pay/callback/wechat/{configKey}}): the APIv3 body is
 * encrypted with the merchant's key, so the address is what routes it.
 */
class WechatAccounts implements ChannelAccounts {

  /** Clients kept at once; one past it is rebuilt at its next use. */
  static final int MAX_CLIENTS = 500;

  private final Account bootstrap;
  private final WechatProperties props;
  private final Environment environment;
  private final ObjectProvider<ChannelConfigs> configs;
  private final ChannelCallListener listener;
  private final Clock clock;
  private final Cache<String, Built> built = Caffeine.newBuilder().maximumSize(MAX_CLIENTS).build();

  /** One merchant's clients and adapter, under its configuration's key. */
  record Account(String configKey, WechatClientProvider provider, WechatChannel channel) {}

  private record Built(long version, Account account) {}

  WechatAccounts(
      WechatClientProvider bootstrapProvider,
      WechatChannel bootstrapChannel,
      WechatProperties props,
      Environment environment,
      ObjectProvider<ChannelConfigs> configs,
      ChannelCallListener listener,
      Clock clock) {
    this.bootstrap = new Account(ChannelConfigKey.BOOTSTRAP, bootstrapProvider, bootstrapChannel);
    this.props = props;
    this.environment = environment;
    this.configs = configs;
    this.listener = listener;
    this.clock = clock;
  }

  @Override
  public Channel channel() {
    return Channel.WECHAT;
  }

  @Override
  public Optional<PaymentChannel> forConfig(String configKey) {
    return account(configKey).map(Account::channel);
  }

  /** The merchant of a configuration (the bootstrap one for its key or null). */
  Optional<Account> account(String configKey) {
    if (ChannelConfigKey.isBootstrap(configKey)) {
      return Optional.of(bootstrap);
    }
    Optional<Long> version = stored().flatMap(c -> c.version(configKey));
    if (version.isEmpty()) {
      return Optional.empty();
    }
    // compute: one build per configuration at a time, so a sandbox never sees two key sets race.
    Built current =
        built
            .asMap()
            .compute(
                configKey,
                (key, old) -> old != null && old.version() == version.get() ? old : build(key));
    return Optional.ofNullable(current).map(Built::account);
  }

  private Built build(String configKey) {
    ChannelSettings settings = stored().flatMap(c -> c.settings(configKey)).orElse(null);
    if (settings == null) {
      return null;
    }
    String certificate = settings.values().get(WechatSettingsFormat.V2_CERTIFICATE);
    WechatClientProvider provider =
        new WechatClientProvider(
            props.forAccount(settings.values(), configKey),
            environment,
            certificate == null ? null : MerchantCertificate.bytes(certificate));
    return new Built(
        settings.version(),
        new Account(configKey, provider, new WechatChannel(provider, listener, clock)));
  }

  /** The stored configurations; none where the apps module is not wired (a channel-only slice). */
  private Optional<ChannelConfigs> stored() {
    return Optional.ofNullable(configs.getIfAvailable());
  }
}
