package io.payonce.sandbox.keys;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class RsaKeysUnitTests {

  /** A public key made by openssl, and its fingerprint by {@code base64 -d | sha256sum}. */
  static final String OPENSSL_PUBLIC_KEY =
      "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA0y8QArKz7XlLrgVZPEo0Bo0T4hJz3/NlDsCGxSV/NNNH2D6aG"
          + "4fJg1jhbvTAR0d0AUCimJzvTYbczh0bMvjbXO5iyHUEds023UQqK4XytxWZbxWz6Nl5uQxuY08EKi5UPArs28T"
          + "bEeb1fc5rlFDLTKYyJRLf23iv/2SNXmqczE0WQqkZr0RWJhGfVfxUF+hnxG/U2mW2/nCIMEAfDlrqPNVZ9RzGP"
          + "PbVYEyGpVh3SUuqecBKuZLLtvi4a8svWAyYjd1awk+kl1NyOyG/IAmujrHDFKJH1xlE75uotdZnWlk7pD4iAJC"
          + "tV3Sn7a06cKeO+I8T6HEgd6UIAjnsr3QYdwIDAQAB";

  static final String OPENSSL_FINGERPRINT = "sha256:933fbfb701346052";

  @Test
  void fingerprintIsTheFirstSixteenHexDigitsOfTheSha256OfTheX509Bytes() {
    assertThat(RsaKeys.fingerprint(RsaKeys.publicKey(OPENSSL_PUBLIC_KEY)))
        .isEqualTo(OPENSSL_FINGERPRINT);
  }

  @Test
  void fingerprintTellsKeysApart() {
    String one = RsaKeys.fingerprint(RsaKeys.generate().getPublic());
    String other = RsaKeys.fingerprint(RsaKeys.generate().getPublic());

    assertThat(one).matches("sha256:[0-9a-f]{16}").isNotEqualTo(other);
  }
}
