package io.payonce.server.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

class OfflineCommandKeysUnitTests {

  @Test
  void anOfflineCommandWithoutAnAlipayAccountGetsAThrowawayOne() {
    StandardEnvironment environment = environment(Map.of(OfflineCommandKeys.OFFLINE, "true"));

    new OfflineCommandKeys().postProcessEnvironment(environment, new SpringApplication());

    assertThat(environment.getProperty("payonce.alipay.private-key")).isNotBlank();
    assertThat(environment.getProperty("payonce.alipay.alipay-public-key")).isNotBlank();
    assertThat(environment.getProperty("payonce.alipay.notify-url")).startsWith("http://");
  }

  @Test
  void aConfiguredAccountAndAServerAreLeftAlone() {
    StandardEnvironment configured =
        environment(
            Map.of(OfflineCommandKeys.OFFLINE, "true", "payonce.alipay.private-key", "MIIE-own"));
    StandardEnvironment server = environment(Map.of());

    new OfflineCommandKeys().postProcessEnvironment(configured, new SpringApplication());
    new OfflineCommandKeys().postProcessEnvironment(server, new SpringApplication());

    assertThat(configured.getProperty("payonce.alipay.private-key")).isEqualTo("MIIE-own");
    assertThat(configured.getProperty("payonce.alipay.alipay-public-key")).isNull();
    assertThat(server.getProperty("payonce.alipay.private-key")).isNull();
  }

  private static StandardEnvironment environment(Map<String, Object> properties) {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("test", properties));
    return environment;
  }
}
