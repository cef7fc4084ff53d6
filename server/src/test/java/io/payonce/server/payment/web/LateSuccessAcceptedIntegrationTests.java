package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;
import org.springframework.test.context.TestPropertySource;
import tools.jackson.databind.JsonNode;

/**
 * {@code payonce.payment.late-success-on-closed-order=ACCEPT}: money the buyer paid for an order
 * the merchant had cancelled is kept, the order becomes paid after all — once — and nothing is
 * refunded.
 */
@PayOnceIntegrationTest
@TestPropertySource(properties = "payonce.payment.late-success-on-closed-order=ACCEPT")
class LateSuccessAcceptedIntegrationTests {

  @LocalServerPort int port;

  @Test
  void aPaymentAfterTheMerchantCancelledPaysTheOrderAndIsNotRefunded() {
    PayOnceHttp http = new PayOnceHttp(port);
    String orderNo = http.createOrder("31.00");
    Answer qr = http.precreate(orderNo);
    assertThat(http.close(orderNo).text("orderStatus")).isEqualTo("CLOSED");

    // Nobody had scanned it, so Alipay could still take it: the buyer does.
    assertThat(http.walletPay(qr.text("qrCode")).status()).isEqualTo(200);

    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));
    JsonNode payment = http.payment(qr.text("outTradeNo")).json();
    assertThat(payment.path("status").asString()).isEqualTo("SUCCESS");
    assertThat(payment.path("alarms").valueStream().map(a -> a.path("type").asString()))
        .contains("PAID_AFTER_CLOSE")
        .doesNotContain("DUPLICATE_PAYMENT");
    assertThat(http.get(http.serverBase() + "/pay/refunds?orderNo=" + orderNo).json()).isEmpty();
    assertThat(http.trades(qr.text("outTradeNo")).get(0).path("refundedAmount").asString())
        .isEqualTo("0.00");
  }
}
