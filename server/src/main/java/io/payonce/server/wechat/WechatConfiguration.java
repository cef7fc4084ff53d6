package io.payonce.server.wechat;

import io.payonce.server.channel.ChannelCallListener;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * Wires the WeChat Pay adapter when {@code payonce.wechat.enabled=true} (the embedded profile turns
 * it on against the in-process sandbox); keys come from {@link WechatKeysResolver}.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(WechatProperties.class)
@ConditionalOnProperty(prefix = "payonce.wechat", name = "enabled", havingValue = "true")
class WechatConfiguration {

  static final String NOTIFY_URL = "payonce.wechat.notify-url";

  @Bean
  WechatClientProvider wechatClientProvider(WechatProperties props, Environment environment) {
    if (!WechatProperties.present(props.notifyUrl())) {
      throw new InvalidConfigurationPropertyValueException(
          NOTIFY_URL,
          props.notifyUrl(),
          "it is required: the public URL WeChat Pay posts notifications to, for the whole"
              + " deployment (behind a load balancer, the load balancer's address +"
              + " /pay/wechat/notify); only the embedded profile sets one");
    }
    refuseSandboxWithRealGateway(props, environment);
    WechatKeysResolver.requireSource(props);
    WechatClientProvider provider = new WechatClientProvider(props, environment);
    if (props.hasKeys()) {
      // Configured keys are read at start-up, so that a bad key fails fast.
      provider.clients();
    }
    return provider;
  }

  /**
   * The sandbox must never run next to WeChat Pay's real API: with the sandbox on, the requests
   * must be redirected to a base under {@code /sandbox/}.
   */
  static void refuseSandboxWithRealGateway(WechatProperties props, Environment environment) {
    boolean sandbox = environment.getProperty("payonce.sandbox.enabled", Boolean.class, false);
    boolean toSandbox =
        props.redirected() && props.apiBaseUrl().matches("(?i)https?://[^/]+/sandbox/.*");
    if (sandbox && !toSandbox) {
      throw new InvalidConfigurationPropertyValueException(
          "payonce.sandbox.enabled",
          true,
          "the sandbox may not run while WeChat Pay's requests go to its real API"
              + " (payonce.wechat.api-base-url not under /sandbox/)");
    }
  }

  @Bean
  WechatChannel wechatChannel(
      WechatClientProvider provider, ObjectProvider<ChannelCallListener> listener, Clock clock) {
    return new WechatChannel(provider, listener.getIfAvailable(() -> call -> {}), clock);
  }

  @Bean
  WechatTradeBills wechatTradeBills(WechatAccounts accounts) {
    return new WechatTradeBills(accounts);
  }

  @Bean
  WechatAccounts wechatAccounts(
      WechatClientProvider provider,
      WechatChannel wechatChannel,
      WechatProperties props,
      Environment environment,
      ObjectProvider<io.payonce.server.app.ChannelConfigs> configs,
      ObjectProvider<ChannelCallListener> listener,
      Clock clock) {
    return new WechatAccounts(
        provider,
        wechatChannel,
        props,
        environment,
        configs,
        listener.getIfAvailable(() -> call -> {}),
        clock);
  }

  @Bean
  WechatSettingsFormat wechatSettingsFormat(WechatProperties props) {
    return new WechatSettingsFormat(props);
  }

  @Bean
  WechatV2Notifies wechatV2Notifies(WechatAccounts accounts) {
    return new WechatV2Notifies(accounts);
  }

  @Bean
  WechatV3Notifies wechatV3Notifies(WechatAccounts accounts, WechatProperties props) {
    return new WechatV3Notifies(accounts, props.notifyWindow(), Clock.systemUTC());
  }
}
