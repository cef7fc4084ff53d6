package io.payonce.server.webhook;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class WebhookSignatureUnitTests {

  private static final byte[] BODY = "{\"eventId\":\"e1\"}".getBytes(StandardCharsets.UTF_8);

  @Test
  void signsTimestampDotBodyWithHmacSha256AsAMerchantWouldCheckIt() {
    // printf '1700000000.{"eventId":"e1"}' | openssl dgst -sha256 -hmac secret
    assertThat(WebhookSignature.sign("secret", 1_700_000_000L, BODY))
        .isEqualTo("984bf69942eb675dd69d49641d7b894a7f664dbb5fa1b065e2bab2fd56224aed");
  }

  @Test
  void anotherTimestampOrSecretGivesAnotherSignature() {
    String signature = WebhookSignature.sign("secret", 1_700_000_000L, BODY);

    assertThat(WebhookSignature.sign("secret", 1_700_000_001L, BODY)).isNotEqualTo(signature);
    assertThat(WebhookSignature.sign("other", 1_700_000_000L, BODY)).isNotEqualTo(signature);
  }
}
