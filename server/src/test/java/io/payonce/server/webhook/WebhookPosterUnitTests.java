package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Clock;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class WebhookPosterUnitTests {

  private final WebhookProperties props =
      new WebhookProperties(
          true,
          Duration.ofMillis(500),
          100,
          Duration.ofSeconds(60),
          Duration.ofSeconds(1),
          16,
          4,
          4,
          List.of(Duration.ofSeconds(15)),
          false);
  private final WebhookPoster poster =
      new WebhookPoster(props, new NotifyUrls(false), Clock.systemUTC());

  @Test
  void aMetadataDestinationAnAdminSetIsRefusedBeforeAnythingIsSent() {
    PostResult result =
        poster.post(
            "http://169.254.169.254/latest/meta-data/iam/security-credentials/",
            "evt_1",
            "{}",
            "0123456789abcdef0123");

    assertThat(result.status()).isNull();
    assertThat(result.succeeded()).isFalse();
    assertThat(result.failure()).startsWith("destination refused: ").contains("link-local");
  }
}
