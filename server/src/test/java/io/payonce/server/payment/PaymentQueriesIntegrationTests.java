package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

import io.payonce.server.order.Order;
import io.payonce.server.order.OrderService;
import io.payonce.server.testing.PayOnceHttp;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.boot.test.web.server.LocalServerPort;

/**
 * "Was it paid?" asked with an order read before its payment was recorded: a refund read the order
 * unpaid, and by the time it looked at the payments another request had recorded the payment (with
 * its order) — nothing was in flight any more, and the refund answered 422 "not paid" for a paid
 * order (CI caught it: three refunds at once, one 422).
 */
@PayOnceIntegrationTest
class PaymentQueriesIntegrationTests {

  @LocalServerPort int port;
  @Autowired PaymentQueries queries;
  @Autowired OrderService orders;

  @Test
  void anOrderReadBeforeItsPaymentWasRecordedIsAnsweredAsItStandsNow() {
    PayOnceHttp http = new PayOnceHttp(port);
    String orderNo = http.createOrder("4.40");
    String qrCode = http.precreate(orderNo).text("qrCode");
    Order readBefore = orders.find(TestApps.ref(orderNo)).orElseThrow();
    assertThat(readBefore.paidBy()).isNull();

    assertThat(http.walletPay(qrCode).status()).isEqualTo(200);
    await().atMost(Duration.ofSeconds(20)).until(() -> "PAID".equals(http.orderStatus(orderNo)));

    assertThat(queries.learnWhetherPaid(readBefore).paidBy()).isNotNull();
  }
}
