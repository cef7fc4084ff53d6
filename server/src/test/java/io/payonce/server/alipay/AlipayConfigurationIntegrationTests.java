package io.payonce.server.alipay;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.sandbox.keys.RsaKeys;
import io.payonce.server.channel.PaymentKind;
import java.security.KeyPair;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.context.properties.source.InvalidConfigurationPropertyValueException;
import org.springframework.boot.test.context.ConfigDataApplicationContextInitializer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;

/** The Alipay adapter's wiring on the server's own configuration files, without a web server. */
@ExtendWith(OutputCaptureExtension.class)
class AlipayConfigurationIntegrationTests {

  private static final KeyPair MERCHANT = RsaKeys.generate();
  private static final KeyPair PLATFORM = RsaKeys.generate();

  private final ApplicationContextRunner runner =
      new ApplicationContextRunner()
          .withInitializer(new ConfigDataApplicationContextInitializer())
          .withUserConfiguration(AlipayConfiguration.class)
          .withBean(Clock.class, Clock::systemUTC)
          .withPropertyValues(
              "payonce.alipay.private-key=" + RsaKeys.encode(MERCHANT.getPrivate()),
              "payonce.alipay.alipay-public-key=" + RsaKeys.encode(PLATFORM.getPublic()));

  @Test
  void alipayAppIsOfferedUnlessTurnedOffWhateverTheCashierPages() {
    runner
        .withPropertyValues("spring.profiles.active=embedded")
        .run(
            context ->
                assertThat(context.getBean(AlipayChannel.class).kinds())
                    .contains(PaymentKind.APP, PaymentKind.WEB, PaymentKind.MOBILE_WEB));
    runner
        .withPropertyValues(
            "spring.profiles.active=embedded", "payonce.alipay.app-product.enabled=false")
        .run(
            context ->
                assertThat(context.getBean(AlipayChannel.class).kinds())
                    .doesNotContain(PaymentKind.APP)
                    .contains(PaymentKind.QR, PaymentKind.WEB));
    runner
        .withPropertyValues(
            "spring.profiles.active=embedded", "payonce.alipay.web-products.enabled=false")
        .run(
            context ->
                assertThat(context.getBean(AlipayChannel.class).kinds())
                    .contains(PaymentKind.APP)
                    .doesNotContain(PaymentKind.WEB, PaymentKind.MOBILE_WEB));
  }

  @Test
  void outsideTheEmbeddedProfileTheNotifyUrlIsRequiredByName() {
    runner
        .withPropertyValues("spring.profiles.active=prod")
        .run(
            context ->
                assertThat(context)
                    .getFailure()
                    .rootCause()
                    .isInstanceOf(InvalidConfigurationPropertyValueException.class)
                    .hasMessageContaining("payonce.alipay.notify-url")
                    .hasMessageContaining("load balancer"));
  }

  @Test
  void aConfiguredNotifyUrlIsTheOneSentToAlipay() {
    runner
        .withPropertyValues(
            "spring.profiles.active=prod",
            "payonce.alipay.notify-url=https://pay.example.com/pay/alipay/notify")
        .run(
            context ->
                assertThat(context.getBean(AlipayClientProvider.class).notifyUrl())
                    .isEqualTo("https://pay.example.com/pay/alipay/notify"));
  }

  @Test
  void theEmbeddedProfileStillPointsNotifiesAtTheInstanceItself() {
    runner
        .withPropertyValues("spring.profiles.active=embedded", "local.server.port=8123")
        .run(
            context ->
                assertThat(context.getBean(AlipayClientProvider.class).notifyUrl())
                    .isEqualTo("http://127.0.0.1:8123/pay/alipay/notify"));
  }

  @Test
  void logsTheFingerprintOfThePlatformKeyItExpectsAndNoKey(CapturedOutput output) {
    runner
        .withPropertyValues(
            "spring.profiles.active=embedded", "payonce.alipay.app-id=2021000000000042")
        .run(context -> assertThat(context).hasNotFailed());

    assertThat(output)
        .contains(
            "alipay_platform_key expected_fingerprint="
                + RsaKeys.fingerprint(PLATFORM.getPublic())
                + " app_id=2021000000000042")
        .doesNotContain(RsaKeys.encode(PLATFORM.getPublic()))
        .doesNotContain(RsaKeys.encode(MERCHANT.getPrivate()));
  }
}
