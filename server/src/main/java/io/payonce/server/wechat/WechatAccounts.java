package io.payonce.server.wechat;

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
 * The WeChat Pay adapters per configuration: the bootstrap merchant (properties) and one per stored
 * configuration, each with its own clients and keys, cached (bounded) and rebuilt when the
 * configuration's version changes. A stored merchant's notifies come to its own paths ({@code
 * /pay/wechat/notify/{configKey}}, {@code /api/pay/callback/wechat/{configKey}}): the APIv3 body is
 * encrypted with the merchant's key, so the address is what routes it.
 */
class WechatAccounts implements ChannelAccounts {

  private final StoredAccounts<Account> accounts;

  /** One merchant's clients and adapter, under its configuration's key. */
  record Account(String configKey, WechatClientProvider provider, WechatChannel channel) {}

  WechatAccounts(
      WechatClientProvider bootstrapProvider,
      WechatChannel bootstrapChannel,
      WechatProperties props,
      Environment environment,
      ObjectProvider<ChannelConfigs> configs,
      ChannelCallListener listener,
      Clock clock) {
    this.accounts =
        new StoredAccounts<>(
            new Account(ChannelConfigKey.BOOTSTRAP, bootstrapProvider, bootstrapChannel),
            configs,
            (configKey, settings) -> {
              String certificate = settings.values().get(WechatSettingsFormat.V2_CERTIFICATE);
              WechatClientProvider provider =
                  new WechatClientProvider(
                      props.forAccount(settings.values(), configKey),
                      environment,
                      certificate == null ? null : MerchantCertificate.bytes(certificate));
              return new Account(configKey, provider, new WechatChannel(provider, listener, clock));
            });
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
    return accounts.account(configKey);
  }
}
