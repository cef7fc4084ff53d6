package io.payonce.server.ops.web;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.money.Money;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderStatus;
import java.time.Instant;
import org.junit.jupiter.api.Test;

/**
 * What an operator's refund is recorded as acting on: {@code order app/number refund no of amount},
 * fitting the record's 128 characters with the refund number and the amount whole.
 */
class RefundTargetUnitTests {

  @Test
  void aRefundIsRecordedAsTheOrderItsNumberAndItsAmount() {
    assertThat(ConsoleActionsController.refundTarget(order("demo", "DEMO-1"), "OPS47447", "6.17"))
        .isEqualTo("order demo/DEMO-1 refund OPS47447 of 6.17");
  }

  @Test
  void longIdsShortenTheOrdersReferenceNeverTheRefundNumberNorTheAmount() {
    String app = "a".repeat(64);
    String orderNo = "O".repeat(64);
    String requestNo = "R".repeat(64);

    String target =
        ConsoleActionsController.refundTarget(
            order(app, orderNo), requestNo, "1234567890.123456789");

    assertThat(target)
        .hasSize(128)
        .startsWith("order " + "a".repeat(25) + "…")
        .endsWith("… refund " + requestNo + " of 1234567890.123456789");
  }

  private static Order order(String appId, String orderNo) {
    Instant now = Instant.parse("2026-12-01T06:54:10.758127Z");
    return new Order(
        1,
        appId,
        orderNo,
        "buyer",
        Money.parse("10.00", "CNY"),
        "Tea",
        OrderStatus.PAID,
        1L,
        now,
        now,
        0);
  }
}
