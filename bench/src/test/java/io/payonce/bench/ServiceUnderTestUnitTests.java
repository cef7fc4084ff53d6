package io.payonce.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.context.support.StaticApplicationContext;
import org.springframework.core.env.MapPropertySource;

class ServiceUnderTestUnitTests {

  @Test
  void passesEverySettingAsACommandLineArgument() {
    Map<String, String> settings = new LinkedHashMap<>();
    settings.put("payonce.events.relay.enabled", "false");
    settings.put("server.port", "0");

    assertThat(ServiceUnderTest.arguments(settings))
        .containsExactly("--payonce.events.relay.enabled=false", "--server.port=0");
  }

  @Test
  void refusesToMeasureWhenASettingDidNotTakeEffect() {
    StaticApplicationContext context = contextWith(Map.of("payonce.events.relay.enabled", "true"));

    assertThatThrownBy(
            () ->
                ServiceUnderTest.readBack(context, Map.of("payonce.events.relay.enabled", "false")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("payonce.events.relay.enabled: asked false, got true");
  }

  @Test
  void comparesSettingsWithPlaceholdersAsResolved() {
    StaticApplicationContext context =
        contextWith(
            Map.of("local.server.port", "8123", "payonce.alipay.notify-url", "http://h:8123/n"));

    Map<String, String> effective =
        ServiceUnderTest.readBack(
            context, Map.of("payonce.alipay.notify-url", "http://h:${local.server.port}/n"));

    assertThat(effective).containsEntry("payonce.alipay.notify-url", "http://h:8123/n");
  }

  private static StaticApplicationContext contextWith(Map<String, Object> properties) {
    StaticApplicationContext context = new StaticApplicationContext();
    context
        .getEnvironment()
        .getPropertySources()
        .addFirst(new MapPropertySource("test", properties));
    context.refresh();
    return context;
  }
}
