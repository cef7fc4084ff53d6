package io.payonce.server.payment.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceHttp.Answer;
import io.payonce.server.testing.PayOnceIntegrationTest;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * An order above what a channel takes in one payment (WeChat Pay's amounts are 32-bit fen) is
 * refused on that channel before any payment is opened, and stays payable on the other. Before, the
 * amount overflowed in the adapter: a 500, and a payment stuck in INIT that blocked the order for
 * its lifetime.
 */
@PayOnceIntegrationTest
class ChannelLimitIntegrationTests {

  private static final String OVER_WECHAT = "21474836.48";

  @LocalServerPort int port;
  PayOnceHttp http;

  @BeforeEach
  void setUp() {
    http = new PayOnceHttp(port);
  }

  @Test
  void aQrCodeAboveTheChannelsLimitIsRefusedAndTheOrderStaysPayableElsewhere() {
    String orderNo = http.createOrder(OVER_WECHAT);

    Answer wechat = http.wechatPrecreate(orderNo);

    assertThat(wechat.status()).isEqualTo(422);
    assertThat(wechat.header("Content-Type")).startsWith("application/problem+json");
    assertThat(wechat.text("type")).endsWith("/amount-over-channel-limit");
    assertThat(wechat.text("limit")).isEqualTo("21474836.47");
    assertThat(http.payments(orderNo)).isEmpty();
    assertThat(http.orderStatus(orderNo)).isEqualTo("CREATED");
    assertThat(http.precreate(orderNo).status()).isEqualTo(200);
  }

  @Test
  void aPaymentCodeAboveTheChannelsLimitIsRefusedBeforeAnyPayment() {
    String orderNo = http.createOrder(OVER_WECHAT);

    Answer wechat =
        http.post(
            http.serverBase() + "/pay/wechat/barcode",
            Map.of("orderNo", orderNo, "authCode", "134567890123456789"),
            Map.of());

    assertThat(wechat.status()).isEqualTo(422);
    assertThat(wechat.text("type")).endsWith("/amount-over-channel-limit");
    assertThat(http.payments(orderNo)).isEmpty();
  }

  @Test
  void anAmountAtTheLimitIsTaken() {
    String orderNo = http.createOrder("21474836.47");

    assertThat(http.wechatPrecreate(orderNo).status()).isEqualTo(200);
  }
}
