package io.payonce.server.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.RawHttp;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * Every endpoint refuses a body larger than it takes with 413 (the channel's {@code fail} on its
 * callback) — whether the length is announced or the body streamed in chunks — and Tomcat bounds
 * headers.
 */
@PayOnceIntegrationTest
class RequestLimitsIntegrationTests {

  private static final String TOO_LARGE = "https://payonce.io/problems/payload-too-large";
  private static final List<String> JSON = List.of("Content-Type: application/json");

  @LocalServerPort int port;
  RawHttp raw;

  @BeforeEach
  void setUp() {
    raw = new RawHttp(port);
  }

  static Stream<String> posts() {
    return Stream.of(
        "/api/orders", "/pay/close", "/pay/alipay/barcode", "/pay/alipay/precreate", "/pay/refund");
  }

  @ParameterizedTest
  @MethodSource("posts")
  void aBodyLargerThanTheLimitIsRefused(String path) {
    assertTooLarge(raw.send("POST", path, JSON, jsonOf(17 * 1024)));
  }

  @ParameterizedTest
  @MethodSource("posts")
  void aChunkedBodyLargerThanTheLimitIsRefused(String path) {
    assertTooLarge(raw.send(chunked(path, JSON, jsonOf(17 * 1024))));
  }

  @Test
  void theEndpointsThatHonourIdempotencyKeysTakeWhatTheKeyStores() {
    for (String path : List.of("/pay/alipay/precreate", "/pay/alipay/barcode", "/pay/refund")) {
      assertTooLarge(raw.send("POST", path, JSON, jsonOf(4001)));
    }
    assertThat(raw.send("POST", "/pay/close", JSON, jsonOf(4001)).status()).isEqualTo(404);
  }

  @Test
  void aGetWithALargeBodyIsRefusedToo() {
    assertTooLarge(raw.send("GET", "/pay/query?orderNo=o1", JSON, jsonOf(17 * 1024)));
  }

  @Test
  void theNotifyAnswersFailToALargeForm() {
    List<String> form = List.of("Content-Type: application/x-www-form-urlencoded");
    String body = "sign=" + "a".repeat(65 * 1024);

    RawHttp.Answer announced = raw.send("POST", "/pay/alipay/notify", form, body);
    RawHttp.Answer streamed = raw.send(chunked("/pay/alipay/notify", form, body));

    assertThat(announced.status()).isEqualTo(413);
    assertThat(announced.body()).isEqualTo("fail");
    assertThat(streamed.status()).isBetween(400, 413);
    assertThat(streamed.body()).isEqualTo("fail");
  }

  @Test
  void aHeaderLargerThanTomcatTakesIsABadRequestProblem() {
    RawHttp.Answer answer =
        raw.send("GET", "/pay/query?orderNo=o1", List.of("X-Big: " + "b".repeat(9 * 1024)), null);

    assertThat(answer.status()).isEqualTo(400);
    assertThat(answer.isProblem()).isTrue();
    assertThat(answer.body()).contains("\"type\":\"https://payonce.io/problems/bad-request\"");
  }

  private static void assertTooLarge(RawHttp.Answer answer) {
    assertThat(answer.status()).as(answer.toString()).isEqualTo(413);
    assertThat(answer.isProblem()).isTrue();
    assertThat(answer.body()).contains("\"type\":\"" + TOO_LARGE + "\"");
  }

  private static String jsonOf(int size) {
    String head = "{\"orderNo\":\"o1\",\"pad\":\"";
    return head + "x".repeat(size - head.length() - 2) + "\"}";
  }

  private static RawHttp.Request chunked(String path, List<String> headers, String body) {
    StringBuilder chunks = new StringBuilder();
    for (int at = 0; at < body.length(); at += 1000) {
      String chunk = body.substring(at, Math.min(body.length(), at + 1000));
      chunks
          .append(Integer.toHexString(chunk.length()))
          .append("\r\n")
          .append(chunk)
          .append("\r\n");
    }
    chunks.append("0\r\n\r\n");
    List<String> all = new java.util.ArrayList<>(headers);
    all.add("Transfer-Encoding: chunked");
    return new RawHttp.Request(
        "POST", path, all, chunks.toString().getBytes(StandardCharsets.US_ASCII));
  }
}
