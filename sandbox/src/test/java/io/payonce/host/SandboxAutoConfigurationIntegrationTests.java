package io.payonce.host;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.sandbox.SandboxAutoConfiguration;
import io.payonce.sandbox.alipay.AlipaySandbox;
import io.payonce.sandbox.clock.SandboxClock;
import io.payonce.sandbox.wechat.WechatSandbox;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import tools.jackson.databind.json.JsonMapper;

/**
 * Lives outside {@code io.payonce.sandbox}, like the server: a host application gets the sandbox
 * only through the auto-configuration, without clashes.
 */
class SandboxAutoConfigurationIntegrationTests {

  private final WebApplicationContextRunner runner =
      new WebApplicationContextRunner()
          .withConfiguration(AutoConfigurations.of(SandboxAutoConfiguration.class))
          .withUserConfiguration(HostConfiguration.class)
          .withPropertyValues("payonce.sandbox.data-dir=target/sandbox-autoconfig");

  @Test
  void isAbsentUnlessEnabled() {
    runner.run(
        context -> {
          assertThat(context).doesNotHaveBean(AlipaySandbox.class);
          assertThat(context).doesNotHaveBean(WechatSandbox.class);
        });
  }

  @Test
  void bringsTheSandboxOnceBesideTheHostsOwnClockAndMapper() {
    runner
        .withPropertyValues("payonce.sandbox.enabled=true")
        .run(
            context -> {
              assertThat(context).hasSingleBean(AlipaySandbox.class);
              assertThat(context).hasSingleBean(SandboxClock.class);
              assertThat(context).hasSingleBean(Clock.class);
              assertThat(context).hasSingleBean(JsonMapper.class);
              assertThat(context.getBean(AlipaySandbox.class).gatewayPath())
                  .isEqualTo("/sandbox/alipay/gateway.do");
              assertThat(context).hasSingleBean(WechatSandbox.class);
              assertThat(context.getBean(WechatSandbox.class).basePath())
                  .isEqualTo("/sandbox/wechat");
            });
  }

  @Configuration(proxyBeanMethods = false)
  static class HostConfiguration {
    @Bean
    Clock clock() {
      return Clock.systemUTC();
    }

    @Bean
    JsonMapper jsonMapper() {
      return JsonMapper.builder().build();
    }
  }
}
