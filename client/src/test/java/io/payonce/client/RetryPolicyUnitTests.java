package io.payonce.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Which answers are asked again, after how long, and under which key: a loopback HTTP server plays
 * a scripted series of answers (the real server's 429 and 503 are hard to bring about on demand;
 * RetryIntegrationTests covers a lost answer against the real one). The waits are recorded, not
 * slept.
 */
class RetryPolicyUnitTests {

  private static final String PROBLEM =
      "{\"type\":\"https://payonce.io/problems/%s\",\"title\":\"t\",\"status\":%d}";
  private static final String QR =
      "{\"orderNo\":\"o-1\",\"outTradeNo\":\"P1\",\"qrCode\":\"https://qr\","
          + "\"expireTime\":null,\"paymentStatus\":\"PRECREATED\"}";

  private record Scripted(int status, String retryAfter, String body) {}

  private final Deque<Scripted> script = new ConcurrentLinkedDeque<>();
  private final List<String> keys = new CopyOnWriteArrayList<>();
  private final List<Duration> waits = new ArrayList<>();
  private HttpServer server;

  @BeforeEach
  void start() throws IOException {
    server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    server.createContext(
        "/",
        exchange -> {
          exchange.getRequestBody().readAllBytes();
          keys.add(String.valueOf(exchange.getRequestHeaders().getFirst("Idempotency-Key")));
          Scripted next = script.pop();
          if (next.retryAfter() != null) {
            exchange.getResponseHeaders().add("Retry-After", next.retryAfter());
          }
          exchange
              .getResponseHeaders()
              .add(
                  "Content-Type",
                  next.status() == 200 ? "application/json" : "application/problem+json");
          byte[] body = next.body().getBytes(StandardCharsets.UTF_8);
          exchange.sendResponseHeaders(next.status(), body.length);
          exchange.getResponseBody().write(body);
          exchange.close();
        });
    server.start();
  }

  @AfterEach
  void stop() {
    server.stop(0);
  }

  @Test
  void asksAgainAfterRetryAfterUnderTheSameKey() {
    script.add(new Scripted(503, "2", problem("channel-unavailable", 503)));
    script.add(new Scripted(429, "1", problem("too-many-requests", 429)));
    script.add(new Scripted(200, null, QR));

    QrCode qr = client(RetryPolicy.defaults()).precreate(Channel.ALIPAY, "o-1");

    assertThat(qr.outTradeNo()).isEqualTo("P1");
    assertThat(waits).containsExactly(Duration.ofSeconds(2), Duration.ofSeconds(1));
    assertThat(keys).hasSize(3).doesNotContain("null");
    assertThat(keys.stream().distinct()).hasSize(1);
  }

  @Test
  void eachLogicalCallHasItsOwnKey() {
    script.add(new Scripted(200, null, QR));
    script.add(new Scripted(200, null, QR));
    PayOnceClient client = client(RetryPolicy.defaults());

    client.precreate(Channel.ALIPAY, "o-1");
    client.precreate(Channel.ALIPAY, "o-1");

    assertThat(keys).hasSize(2);
    assertThat(keys.get(0)).isNotEqualTo(keys.get(1));
  }

  @Test
  void aConflictIsAskedAgainOnlyWhenItNamesRetryAfter() {
    script.add(new Scripted(409, "1", problem("payment-in-progress", 409)));
    script.add(new Scripted(409, null, problem("order-paid", 409)));

    assertThatThrownBy(() -> client(RetryPolicy.defaults()).precreate(Channel.ALIPAY, "o-1"))
        .isInstanceOfSatisfying(
            ConflictException.class, e -> assertThat(e.slug()).isEqualTo("order-paid"));
    assertThat(keys).hasSize(2);
  }

  @Test
  void aRetryAfterLongerThanThePolicyAllowsEndsTheRetries() {
    script.add(new Scripted(429, "60", problem("too-many-requests", 429)));

    assertThatThrownBy(() -> client(RetryPolicy.defaults()).precreate(Channel.ALIPAY, "o-1"))
        .isInstanceOfSatisfying(
            RateLimitedException.class,
            e -> assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(60)));
    assertThat(waits).isEmpty();
  }

  @Test
  void givesUpAfterTheLastAttemptWithTheLastProblem() {
    for (int i = 0; i < 3; i++) {
      script.add(new Scripted(503, null, problem("temporarily-unavailable", 503)));
    }

    assertThatThrownBy(() -> client(RetryPolicy.defaults()).getOrder("o-1"))
        .isInstanceOf(UnavailableException.class);
    assertThat(waits).containsExactly(Duration.ofMillis(200), Duration.ofMillis(400));
  }

  @Test
  void aClientErrorIsNeverAskedAgain() {
    script.add(new Scripted(404, null, problem("not-found", 404)));

    assertThatThrownBy(() -> client(RetryPolicy.defaults()).getOrder("o-1"))
        .isInstanceOf(NotFoundException.class);
    assertThat(keys).hasSize(1);
  }

  private PayOnceClient client(RetryPolicy retries) {
    return PayOnceClient.builder()
        .baseUrl("http://127.0.0.1:" + server.getAddress().getPort())
        .appId("app")
        .secret("secret")
        .retries(retries)
        .sleeper(waits::add)
        .build();
  }

  private static String problem(String slug, int status) {
    return String.format(PROBLEM, slug, status);
  }
}
