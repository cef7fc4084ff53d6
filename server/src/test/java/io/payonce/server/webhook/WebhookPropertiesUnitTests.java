package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookPropertiesUnitTests {

  @Test
  void anUnsetPrefetchIsFourWhenTheLeaseAllowsIt() {
    assertThat(props(Duration.ofSeconds(60), Duration.ofSeconds(5), null).prefetch()).isEqualTo(4);
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
