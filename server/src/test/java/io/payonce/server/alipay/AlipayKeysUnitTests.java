package io.payonce.server.alipay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.payonce.sandbox.keys.RsaKeys;
import java.security.PublicKey;
import org.junit.jupiter.api.Test;

class AlipayKeysUnitTests {

  /** A public key made by openssl, and its fingerprint by {@code base64 -d | sha256sum}. */
  private static final String OPENSSL_PUBLIC_KEY =
      "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0y8QArKz7XlLrgVZPEo0Bo0T4hJz3/NlDsCGxSV/NNNH2D6aG"
          + "4fJg1jhbvTAR0d0AUCimJzvTYbczh0bMvjbXO5iyHUEds023UQqK4XytxWZbxWz6Nl5uQxuY08EKi5UPArs28T"
          + "bEeb1fc5rlFDLTKYyJRLf23iv/2SNXmqczE0WQqkZr0RWJhGfVfxUF+hnxG/U2mW2/nCIMEAfDlrqPNVZ9RzGP"
          + "PbVYEyGpVh3SUuqecBKuZLLtvi4a8svWAyYjd1awk+kl1NyOyG/IAmujrHDFKJH1xlE75uotdZnWlk7pD4iAJC"
          + "tV3Sn7a06cKeO+I8T6HEgd6UIAjnsr3QYdwIDAQAB";

  private static final String PROPERTY = "payonce.alipay.alipay-public-key";

  @Test
  void fingerprintIsTheFirstSixteenHexDigitsOfTheSha256OfTheX509Bytes() {
    assertThat(AlipayKeys.fingerprint(OPENSSL_PUBLIC_KEY, PROPERTY))
        .isEqualTo("sha256:933fbfb701346052");
  }

  @Test
  void fingerprintIsTheOneTheSandboxLogsForTheSameKey() {
    for (int i = 0; i < 3; i++) {
      PublicKey key = RsaKeys.generate().getPublic();

      assertThat(AlipayKeys.fingerprint(RsaKeys.encode(key), PROPERTY))
          .isEqualTo(RsaKeys.fingerprint(key));
    }
  }

  @Test
  void lineBreaksInTheBase64DoNotChangeTheFingerprint() {
    String wrapped = OPENSSL_PUBLIC_KEY.replaceAll("(.{76})", "$1\n");

    assertThat(wrapped).contains("\n");
    assertThat(AlipayKeys.fingerprint(wrapped, PROPERTY)).isEqualTo("sha256:933fbfb701346052");
  }

  @Test
  void aKeyThatIsNotX509Base64IsRefusedNamingTheProperty() {
    String pem = "-----BEGIN PUBLIC KEY-----\n" + OPENSSL_PUBLIC_KEY + "\n-----END PUBLIC KEY-----";

    for (String bad : new String[] {pem, "bm90IGEga2V5", "", null}) {
      assertThatThrownBy(() -> AlipayKeys.fingerprint(bad, PROPERTY))
          .hasMessageContaining(PROPERTY)
          .hasMessageNotContaining(OPENSSL_PUBLIC_KEY);
    }
  }
}
