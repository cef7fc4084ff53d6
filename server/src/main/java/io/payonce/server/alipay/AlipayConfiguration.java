package io.payonce.server.alipay;

import com.alipay.api.internal.util.AlipayLogger;
import io.payonce.server.channel.ChannelCallListener;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Wires the Alipay adapter; keys come from {@link AlipayKeysResolver}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlipayProperties.class)
class AlipayConfiguration {

  static final String NOTIFY_URL = "payonce.alipay.notify-url";

  private static final Logger log = LoggerFactory.getLogger(AlipayConfiguration.class);

  static {
    // The SDK's own loggers (sdk.biz.err, sdk.comm.err, sdk.biz.info) print whole requests with
    // their sign= and the buyer's data: silenced at the source, whatever the log levels say. What
    // a call did is kept by our own channel-call journal and logs.
    AlipayLogger.setNeedEnableLogger(false);
  }

  @Bean
  AlipayClientProvider alipayClientProvider(AlipayProperties props, Environment environment) {
    requireNotifyUrl(props);
    refuseSandboxWithRealGateway(props, environment);
    AlipayKeysResolver.requireSource(props);
    AlipayClientProvider provider = new AlipayClientProvider(props, environment);
    if (props.hasKeys()) {
      // Configured keys are checked and named at start-up; a sandbox's, at the first use.
      provider.keys();
    }
    return provider;
  }

  /**
   * A notify that names one instance is lost whenever that instance is down or gone, and Alipay
   * never learns another address; so there is no default to fall back on outside the embedded
   * profile (application-embedded.yml), where the one instance is the deployment.
   */
  private static void requireNotifyUrl(AlipayProperties props) {
    if (props.notifyUrl() == null || props.notifyUrl().isBlank()) {
      throw new InvalidConfigurationPropertyValueException(
          NOTIFY_URL,
          props.notifyUrl(),
          "it is required: the public URL Alipay posts notifies to, for the whole deployment"
              + " (behind a load balancer, the load balancer's address + /pay/alipay/notify),"
              + " never one instance's own address; only the embedded profile sets one");
    }
  }

  /**
   * The sandbox answers any caller as a wallet and a gateway: it must never run next to a real
   * Alipay gateway, where a sandbox "payment" could be taken for a real one. A gateway URL is the
   * sandbox's when its path is under {@code /sandbox/}.
   */
  static void refuseSandboxWithRealGateway(AlipayProperties props, Environment environment) {
    boolean sandbox = environment.getProperty("payonce.sandbox.enabled", Boolean.class, false);
    String gateway = props.gatewayUrl();
    if (sandbox && gateway != null && !gateway.isBlank() && !isSandbox(gateway)) {
      throw new InvalidConfigurationPropertyValueException(
          "payonce.sandbox.enabled",
          true,
          "the sandbox may not run while payonce.alipay.gateway-url names a real gateway");
    }
  }

  private static boolean isSandbox(String gateway) {
    // Not parsed as a URI: the port may still be a placeholder (${local.server.port}) here.
    return gateway.matches("(?i)https?://[^/]+/sandbox/.*");
  }

  /** Whether the cashier-page products (PC and mobile web) are offered: yes unless set false. */
  static final String WEB_PRODUCTS = "payonce.alipay.web-products.enabled";

  /** Whether the product of the merchant's app (app.pay) is offered: yes unless set false. */
  static final String APP_PRODUCT = "payonce.alipay.app-product.enabled";

  @Bean
  AlipayChannel alipayChannel(
      AlipayClientProvider provider,
      ObjectProvider<ChannelCallListener> listener,
      Clock clock,
      Environment environment) {
    return new AlipayChannel(
        provider,
        listener.getIfAvailable(() -> call -> {}),
        clock,
        environment.getProperty(WEB_PRODUCTS, Boolean.class, true),
        environment.getProperty(APP_PRODUCT, Boolean.class, true));
  }

  @Bean
  AlipayAccounts alipayAccounts(
      AlipayChannel alipayChannel,
      AlipayProperties props,
      Environment environment,
      ObjectProvider<io.payonce.server.app.ChannelConfigs> configs,
      ObjectProvider<ChannelCallListener> listener,
      Clock clock) {
    return new AlipayAccounts(
        alipayChannel,
        props,
        environment,
        configs,
        listener.getIfAvailable(() -> call -> {}),
        clock);
  }

  @Bean
  AlipaySettingsFormat alipaySettingsFormat(AlipayProperties props) {
    return new AlipaySettingsFormat(props);
  }

  @Bean
  AlipayNotifies alipayNotifies(AlipayAccounts accounts) {
    return new AlipayNotifies(new AlipayNotifyVerifier(accounts));
  }
}
