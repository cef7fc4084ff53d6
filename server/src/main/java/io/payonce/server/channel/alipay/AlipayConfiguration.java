package io.payonce.server.channel.alipay;

import io.payonce.sandbox.alipay.AlipaySandbox;
import io.payonce.server.channel.ChannelCallListener;
import java.time.Clock;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/** Wires the Alipay adapter; keys come from {@link AlipayKeysResolver}. */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(AlipayProperties.class)
class AlipayConfiguration {

  @Bean
  AlipayClientProvider alipayClientProvider(
      AlipayProperties props, ObjectProvider<AlipaySandbox> sandbox, Environment environment) {
    AlipayKeys keys = AlipayKeysResolver.resolve(props, sandbox.getIfAvailable());
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
