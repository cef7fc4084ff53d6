package io.payonce.client;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A lost answer is retried under the same Idempotency-Key, and the server — not a mock — shows it
 * did the work once: one idempotency record answered once, one precreate at the channel, one
 * payment. The answer is lost by {@link DroppingProxy} after the server carried the request out.
 */
class RetryIntegrationTests {

  private static EmbeddedServer server;

  @BeforeAll
  static void startServer() {
    server = EmbeddedServer.get();
  }

  @Test
  void aLostAnswerIsAskedAgainUnderTheSameKeyAndDoneOnce() throws Exception {
    String orderNo = PayOnceClientIntegrationTests.orderNo("retry");
    server.client(RetryPolicy.none()).createOrder(NewOrder.cny(orderNo, "user-r", "4.00", "R"));
    int port = URI.create(server.baseUrl()).getPort();

    QrCode qr;
    List<String> keys;
    try (DroppingProxy proxy = DroppingProxy.start(port, 1)) {
      PayOnceClient client =
          EmbeddedServer.client(
              proxy.baseUrl(), new RetryPolicy(3, Duration.ofMillis(10), Duration.ofSeconds(5)));
      qr = client.precreate(Channel.ALIPAY, orderNo);
      keys = proxy.idempotencyKeys();
    }

    assertThat(keys).hasSize(2);
    assertThat(keys.get(1)).isEqualTo(keys.get(0));
    List<Map<String, Object>> records =
        server
            .jdbc()
            .sql("SELECT state, response_status FROM idempotency_record WHERE idem_key = :key")
            .param("key", keys.get(0))
            .query()
            .listOfRows();
    assertThat(records).hasSize(1);
    assertThat(((Number) records.get(0).get("response_status")).intValue()).isEqualTo(200);
    assertThat(server.sandboxCalls(qr.outTradeNo(), "alipay.trade.precreate")).hasSize(1);
    assertThat(server.client(RetryPolicy.none()).getOrder(orderNo).payments()).hasSize(1);
  }

  @Test
  void withoutRetriesTheLostAnswerIsAnIoFailure() throws Exception {
    String orderNo = PayOnceClientIntegrationTests.orderNo("noretry");
    server.client(RetryPolicy.none()).createOrder(NewOrder.cny(orderNo, "user-n", "4.00", "N"));
    int port = URI.create(server.baseUrl()).getPort();

    try (DroppingProxy proxy = DroppingProxy.start(port, 1)) {
      PayOnceClient client = EmbeddedServer.client(proxy.baseUrl(), RetryPolicy.none());

      org.assertj.core.api.Assertions.assertThatThrownBy(
              () -> client.precreate(Channel.ALIPAY, orderNo))
          .isInstanceOf(PayOnceIoException.class);
      assertThat(proxy.idempotencyKeys()).hasSize(1);
    }
  }
}
