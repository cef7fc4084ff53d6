package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookPropertiesUnitTests {

  @Test
  void anUnsetPrefetchIsTenWhenTheLeaseAllowsIt() {
    assertThat(props(Duration.ofSeconds(60), Duration.ofSeconds(5), null).prefetch()).isEqualTo(10);
    assertThat(props(Duration.ofSeconds(600), Duration.ofSeconds(5), null).prefetch())
        .isEqualTo(10);
  }

  @Test
  void theDefaultsGiveOneAppAQuarterOfTheSlotsAndARoomForABusyAppsRelayPass() {
    WebhookProperties defaults =
        new org.springframework.boot.context.properties.bind.Binder(
                new org.springframework.boot.context.properties.source
                    .MapConfigurationPropertySource())
            .bindOrCreate("payonce.webhooks", WebhookProperties.class);

    // A hanging merchant URL holds 16 of 64 slots; at 100 ms a round trip one app gets 160 POSTs
    // a second on an instance, where 4 slots gave it 40.
    assertThat(defaults.concurrency()).isEqualTo(64);
    assertThat(defaults.perAppConcurrency()).isEqualTo(16);
    // Born leased per app: 16 x (1 + 10) = 176, more than one relay pass (500 ms) of an app at
    // 150 paid orders a second with two webhooks each; 4 x (1 + 4) = 20 held a fifth of 100.
    assertThat(defaults.perAppConcurrency() * (1 + defaults.prefetch())).isEqualTo(176);
  }

  @Test
  void anUnsetPrefetchShrinksToWhatAShortLeaseAllowsInsteadOfRefusingToStart() {
    // The chaos harness's instances: a 10 s lease and a 3 s timeout allow (2 + 1) x 3 s = 9 s.
    WebhookProperties shortLease = props(Duration.ofSeconds(10), Duration.ofSeconds(3), null);
    assertThat(shortLease.prefetch()).isEqualTo(2);
    assertThat(props(Duration.ofSeconds(10), Duration.ofSeconds(5), null).prefetch()).isZero();
    assertThat(props(Duration.ofMillis(5_001), Duration.ofSeconds(5), null).prefetch()).isZero();
    assertThat(props(Duration.ofSeconds(15), Duration.ofSeconds(5), null).prefetch()).isEqualTo(1);
  }

  @Test
  void aPrefetchSetBeyondWhatTheLeaseAllowsIsRefused() {
    assertThatThrownBy(() -> props(Duration.ofSeconds(10), Duration.ofSeconds(3), 3))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("prefetch");
    assertThat(props(Duration.ofSeconds(10), Duration.ofSeconds(3), 2).prefetch()).isEqualTo(2);
  }

  private static WebhookProperties props(Duration lease, Duration timeout, Integer prefetch) {
    return new WebhookProperties(
        true,
        Duration.ofMillis(500),
        100,
        lease,
        timeout,
        16,
        4,
        prefetch,
        List.of(Duration.ofSeconds(15)),
        false);
  }
}
