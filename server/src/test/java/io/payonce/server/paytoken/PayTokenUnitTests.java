package io.payonce.server.paytoken;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class PayTokenUnitTests {

  private static final Instant EXPIRY = Instant.parse("2025-01-01T00:15:00Z");

  @Test
  void anUnusedTokenExpiresAtItsExpiry() {
    PayToken token = new PayToken("pt_1", "u", EXPIRY, false);

    assertThat(token.expiredAt(EXPIRY.minusMillis(1))).isFalse();
    assertThat(token.expiredAt(EXPIRY)).isTrue();
  }

  @Test
  void aUsedTokenIsNotExpiredSoThatItsRetriesReplay() {
    PayToken token = new PayToken("pt_1", "u", EXPIRY, true);

    assertThat(token.expiredAt(EXPIRY.plusSeconds(60))).isFalse();
  }
}
