package io.payonce.server.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** Secrets at rest and the request signature, without Spring. */
class AppSecretsUnitTests {

  private final SecretCipher cipher = new SecretCipher(key(1));

  @Test
  void aSecretEncryptedForAnAppDecryptsForItOnly() {
    String stored = cipher.encrypt("app-a", "s3cret");

    assertThat(stored).startsWith("v1:").doesNotContain("s3cret");
    assertThat(cipher.decrypt("app-a", stored)).isEqualTo("s3cret");
    assertThatThrownBy(() -> cipher.decrypt("app-b", stored))
        .isInstanceOf(SecretUnreadableException.class)
        .hasMessageNotContaining("s3cret");
  }

  @Test
  void anotherMasterKeyDoesNotDecrypt() {
    String stored = cipher.encrypt("app-a", "s3cret");

    assertThatThrownBy(() -> new SecretCipher(key(2)).decrypt("app-a", stored))
        .isInstanceOf(SecretUnreadableException.class);
  }

  @Test
  void aValueThatIsNoSealedSecretIsUnreadableNotACrash() {
    for (String stored : new String[] {"", "v9:AAAA", "v1:not*base64", "v1:AAAA", "plain"}) {
      assertThatThrownBy(() -> cipher.decrypt("app-a", stored))
          .isInstanceOf(SecretUnreadableException.class);
    }
  }

  @Test
  void theSealedLengthIsKnownBeforeSealing() {
    java.util.Random random = new java.util.Random(20261201L);
    for (int i = 0; i < 200; i++) {
      String plain = "é".repeat(random.nextInt(50)) + "x".repeat(random.nextInt(3000));
      assertThat(SecretCipher.sealedLength(plain))
          .isEqualTo(cipher.encrypt("cc_x", plain).length());
    }
  }

  @Test
  void theSameSecretIsEncryptedDifferentlyEachTime() {
    assertThat(cipher.encrypt("app-a", "s3cret")).isNotEqualTo(cipher.encrypt("app-a", "s3cret"));
  }

  @Test
  void aSignatureCoversEveryPartOfTheRequest() {
    byte[] body = "{\"orderNo\":\"A1\"}".getBytes(StandardCharsets.UTF_8);
    String canonical =
        RequestSignatures.canonical("app", "POST", "/api/orders", null, 1000, "nonce", body);
    String signature = RequestSignatures.sign("secret", canonical);

    assertThat(signature).hasSize(64).matches("[0-9a-f]+");
    assertThat(RequestSignatures.matches("secret", canonical, signature)).isTrue();
    assertThat(RequestSignatures.matches("other", canonical, signature)).isFalse();
    for (String changed :
        new String[] {
          RequestSignatures.canonical("app2", "POST", "/api/orders", null, 1000, "nonce", body),
          RequestSignatures.canonical("app", "GET", "/api/orders", null, 1000, "nonce", body),
          RequestSignatures.canonical("app", "POST", "/api/orderz", null, 1000, "nonce", body),
          RequestSignatures.canonical("app", "POST", "/api/orders", "a=1", 1000, "nonce", body),
          RequestSignatures.canonical("app", "POST", "/api/orders", null, 1001, "nonce", body),
          RequestSignatures.canonical("app", "POST", "/api/orders", null, 1000, "nonce2", body),
          RequestSignatures.canonical(
              "app", "POST", "/api/orders", null, 1000, "nonce", new byte[0])
        }) {
      assertThat(RequestSignatures.matches("secret", changed, signature)).isFalse();
    }
  }

  private static byte[] key(long seed) {
    byte[] key = new byte[32];
    new Random(seed).nextBytes(key);
    return key;
  }
}
