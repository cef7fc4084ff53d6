package io.payonce.server.channel.alipay;

import io.payonce.sandbox.alipay.AlipaySandbox;
import io.payonce.server.channel.ChannelCallListener;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Wires the Alipay adapter; keys come from {@link AlipayKeysResolver}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlipayProperties.class)
class AlipayConfiguration {

  private static final Logger log = LoggerFactory.getLogger(AlipayConfiguration.class);

  @Bean
  AlipayClientProvider alipayClientProvider(
      AlipayProperties props, ObjectProvider<AlipaySandbox> sandbox, Environment environment) {
    AlipayKeys keys = AlipayKeysResolver.resolve(props, sandbox.getIfAvailable());
    // The sandbox (and an operator, for Alipay's key) logs the same fingerprint: a mismatch is why
    // every reply and notify would fail verification.
    log.info(
        "alipay_platform_key expected_fingerprint={} app_id={}",
        AlipayKeys.fingerprint(keys.alipayPublicKey(), "payonce.alipay.alipay-public-key"),
        props.appId());
    return new AlipayClientProvider(props, keys, environment);
  }

  @Bean
  AlipayChannel alipayChannel(
      AlipayClientProvider provider, ObjectProvider<ChannelCallListener> listener, Clock clock) {
    return new AlipayChannel(provider, listener.getIfAvailable(() -> call -> {}), clock);
  }

  @Bean
  AlipayNotifyVerifier alipayNotifyVerifier(AlipayChannel channel) {
    return new AlipayNotifyVerifier(channel);
  }
}
