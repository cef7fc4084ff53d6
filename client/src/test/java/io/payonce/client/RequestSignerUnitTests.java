package io.payonce.client;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.app.RequestSignatures;
import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The client's signer, written from the specification, agrees with the server's verifier ({@link
 * RequestSignatures}) on the canonical text and the signature, for fixed and random requests.
 */
class RequestSignerUnitTests {

  private static final String APP = "app-1";
  private static final String SECRET = "secret-0123456789";

  @Test
  void signsAsTheServerVerifies() {
    byte[] body = "{\"orderNo\":\"o-1\",\"amount\":\"12.34\"}".getBytes(StandardCharsets.UTF_8);

    assertAgree("POST", "/api/orders", null, body, 1_700_000_000L, "nonce-0123456789ab");
    assertAgree("GET", "/pay/refunds", "orderNo=o%2D1", new byte[0], 1L, "nonce-0123456789ab");
    assertAgree("POST", "/api/orders/o-1/checkout", "", null, 42L, "abcdefghijklmnop");
  }

  @Test
  void agreesOnRandomRequests() {
    long seed = System.nanoTime();
    System.out.println("RequestSignerUnitTests seed=" + seed);
    Random random = new Random(seed);
    for (int i = 0; i < 200; i++) {
      byte[] body = new byte[random.nextInt(64)];
      random.nextBytes(body);
      String path = "/api/orders/o-" + random.nextInt(1000) + (random.nextBoolean() ? "%20x" : "");
      String query = random.nextBoolean() ? null : "orderNo=" + random.nextInt();
      assertAgree(
          random.nextBoolean() ? "GET" : "POST",
          path,
          query,
          body,
          random.nextLong(0, 10_000_000_000L),
          "n" + Long.toHexString(random.nextLong()) + "0123456789");
    }
  }

  private static void assertAgree(
      String method, String path, String query, byte[] body, long timestamp, String nonce) {
    RequestSigner signer = new RequestSigner(APP, SECRET);
    String serverCanonical =
        RequestSignatures.canonical(APP, method, path, query, timestamp, nonce, body);

    assertThat(signer.canonical(method, path, query, body, timestamp, nonce))
        .isEqualTo(serverCanonical);
    assertThat(signer.headers(method, path, query, body, timestamp, nonce))
        .containsEntry(RequestSignatures.SIGNATURE, RequestSignatures.sign(SECRET, serverCanonical))
        .containsEntry(RequestSignatures.APP_ID, APP)
        .containsEntry(RequestSignatures.TIMESTAMP, Long.toString(timestamp))
        .containsEntry(RequestSignatures.NONCE, nonce);
  }
}
