package io.payonce.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A key the caller keeps outlives the client: a till that restarts mid-payment builds a new client,
 * asks again under the key it stored, and gets the first outcome from the real server — one charge
 * at the channel, one payment. The same key with another request is refused, not carried out.
 */
class CallerIdempotencyKeyIntegrationTests {

  private static EmbeddedServer server;

  @BeforeAll
  static void startServer() {
    server = EmbeddedServer.get();
  }

  @Test
  void aBarcodePaymentAskedAgainByARestartedClientUnderItsKeyIsChargedOnce() {
    String orderNo = PayOnceClientIntegrationTests.orderNo("till");
    IdempotencyKey stored = IdempotencyKey.of("till-7:" + UUID.randomUUID());
    server.client(RetryPolicy.none()).createOrder(NewOrder.cny(orderNo, "user-t", "6.00", "Bun"));

    BarcodePayment first =
        server
            .client(RetryPolicy.none())
            .payWithBarcode(Channel.ALIPAY, orderNo, "280000000000000001", stored);
    PayOnceClient afterRestart = server.client(RetryPolicy.none());
    BarcodePayment again =
        afterRestart.payWithBarcode(Channel.ALIPAY, orderNo, "280000000000000001", stored);

    assertThat(first.outcome()).isEqualTo("PAID");
    assertThat(again).isEqualTo(first);
    assertThat(server.sandboxCalls(first.outTradeNo(), "alipay.trade.pay")).hasSize(1);
    assertThat(afterRestart.getOrder(orderNo).payments()).hasSize(1);
    assertThat(
            server
                .jdbc()
                .sql("SELECT COUNT(*) FROM idempotency_record WHERE idem_key = :key")
                .param("key", stored.value())
                .query(Long.class)
                .single())
        .isEqualTo(1L);
  }

  @Test
  void aRefreshAskedAgainUnderItsKeyAnswersTheCodeItMadeAndClosesNothingMore() {
    // WeChat: its refresh always closes the old code and issues a new number (an unscanned Alipay
    // code is answered as it is), so a second refresh carried out would show as a third number.
    String orderNo = PayOnceClientIntegrationTests.orderNo("refresh");
    PayOnceClient payonce = server.client(RetryPolicy.none());
    payonce.createOrder(NewOrder.cny(orderNo, "user-f", "2.00", "Tea"));
    QrCode original = payonce.precreate(Channel.WECHAT, orderNo);
    IdempotencyKey key = IdempotencyKey.of("refresh-" + UUID.randomUUID());

    QrCode refreshed = payonce.refreshQrCode(Channel.WECHAT, orderNo, key);
    QrCode again = server.client(RetryPolicy.none()).refreshQrCode(Channel.WECHAT, orderNo, key);
    QrCode unkeyed = payonce.refreshQrCode(Channel.WECHAT, orderNo);

    assertThat(refreshed.outTradeNo()).isNotEqualTo(original.outTradeNo());
    assertThat(again).isEqualTo(refreshed);
    assertThat(unkeyed.outTradeNo()).isNotEqualTo(refreshed.outTradeNo());
  }

  @Test
  void aKeyUsedForOneOrderIsRefusedForAnother() {
    String paid = PayOnceClientIntegrationTests.orderNo("keyed");
    String other = PayOnceClientIntegrationTests.orderNo("other");
    PayOnceClient payonce = server.client(RetryPolicy.defaults());
    payonce.createOrder(NewOrder.cny(paid, "user-k", "1.00", "A"));
    payonce.createOrder(NewOrder.cny(other, "user-k", "1.00", "B"));
    IdempotencyKey key = IdempotencyKey.of("k-" + UUID.randomUUID());
    payonce.precreate(Channel.ALIPAY, paid, key);

    assertThatThrownBy(() -> payonce.precreate(Channel.ALIPAY, other, key))
        .isInstanceOfSatisfying(
            PayOnceProblemException.class,
            problem -> {
              assertThat(problem.status()).isEqualTo(422);
              assertThat(problem.slug()).isEqualTo("idempotency-key-reused");
            });
    assertThat(payonce.getOrder(other).payments()).isEmpty();
  }

  @Test
  void aKeyTheServerWouldRefuseIsRefusedBeforeItIsSent() {
    assertThatThrownBy(() -> IdempotencyKey.of("")).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> IdempotencyKey.of("has space"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> IdempotencyKey.of("k".repeat(65)))
        .isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> IdempotencyKey.of("ключ"))
        .isInstanceOf(IllegalArgumentException.class);
    assertThat(IdempotencyKey.of("k".repeat(64)).value()).hasSize(64);
  }
}
