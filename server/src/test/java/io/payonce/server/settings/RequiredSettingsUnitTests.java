package io.payonce.server.settings;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.server.PayOnceApplication;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * A server that lacks settings names every one of them at once, with what each is for — not one
 * missing setting per start.
 */
class RequiredSettingsUnitTests {

  private static final Map<String, Object> ALIPAY =
      Map.of(
          "payonce.apps.master-key", "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=",
          "payonce.alipay.notify-url", "https://pay.example/pay/alipay/notify",
          "payonce.alipay.app-id", "2021004100000001",
          "payonce.alipay.private-key", "MIIEv-private",
          "payonce.alipay.alipay-public-key", "MIIBI-public");

  @Test
  void anEmptyEnvironmentIsToldEverySettingItLacksAtOnce() {
    assertThatThrownBy(() -> check(Map.of()))
        .isInstanceOfSatisfying(
            MissingSettingsException.class,
            e ->
                assertThat(e.missing())
                    .extracting(RequiredSetting::property)
                    .containsExactlyInAnyOrder(
                        "payonce.apps.master-key",
                        "payonce.alipay.notify-url",
                        "payonce.alipay.app-id",
                        "payonce.alipay.private-key",
                        "payonce.alipay.alipay-public-key"));
  }

  @Test
  void weChatPayTurnedOnAddsWhatItLacksToTheSameList() {
    Map<String, Object> settings = new HashMap<>(ALIPAY);
    settings.put("payonce.wechat.enabled", "true");

    assertThatThrownBy(() -> check(settings))
        .isInstanceOfSatisfying(
            MissingSettingsException.class,
            e ->
                assertThat(e.missing())
                    .extracting(RequiredSetting::property)
                    .contains(
                        "payonce.wechat.notify-url",
                        "payonce.wechat.mchid",
                        "payonce.wechat.api-v3-key",
                        "payonce.wechat.platform-public-key-id")
                    .hasSize(9));
  }

  @Test
  void aCompleteEnvironmentOrASandboxToEnrolWithStarts() {
    check(ALIPAY);
    check(
        Map.of(
            "payonce.apps.master-key-file", "/var/lib/payonce/master.key",
            "payonce.alipay.notify-url", "https://pay.example/pay/alipay/notify",
            "payonce.alipay.sandbox-url", "http://127.0.0.1:8090",
            "payonce.wechat.enabled", "true",
            "payonce.wechat.notify-url", "https://pay.example/pay/wechat/notify",
            "payonce.wechat.sandbox-url", "http://127.0.0.1:8090"));
  }

  @Test
  void theFailureSaysWhatEachSettingIsForAndItsEnvironmentVariable() {
    FailureAnalysis analysis =
        new MissingSettingsFailureAnalyzer()
            .analyze(
                new IllegalStateException(
                    new MissingSettingsException(
                        java.util.List.of(
                            new RequiredSetting("payonce.apps.master-key", "encrypts secrets")))));

    assertThat(analysis.getDescription())
        .contains("payonce.apps.master-key (PAYONCE_APPS_MASTER_KEY): encrypts secrets");
    assertThat(analysis.getAction()).contains("docs/configuration.md");
  }

  @Test
  void theServerOutsideTheEmbeddedProfileRefusesToStartNamingThemAll() {
    SpringApplication application = new SpringApplication(PayOnceApplication.class);
    application.setWebApplicationType(WebApplicationType.NONE);

    assertThatThrownBy(() -> application.run("--spring.profiles.active=prod"))
        .isInstanceOfSatisfying(
            MissingSettingsException.class,
            e ->
                assertThat(e.missing())
                    .extracting(RequiredSetting::property)
                    .contains("payonce.apps.master-key", "payonce.alipay.notify-url"));
  }

  @Test
  void anotherApplicationOnTheClassPathIsNotChecked() {
    StandardEnvironment environment = new StandardEnvironment();

    new RequiredSettingsCheck()
        .postProcessEnvironment(environment, new SpringApplication(Object.class));
  }

  @Test
  void aPlaceholderResolvedOnlyOnceTheServerRunsCountsAsSet() {
    Map<String, Object> settings = new HashMap<>(ALIPAY);
    settings.put("payonce.alipay.notify-url", "http://127.0.0.1:${local.server.port}/pay/notify");

    check(settings);
  }

  private static void check(Map<String, Object> settings) {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("test", settings));
    new RequiredSettingsCheck()
        .postProcessEnvironment(environment, new SpringApplication(PayOnceApplication.class));
  }
}
