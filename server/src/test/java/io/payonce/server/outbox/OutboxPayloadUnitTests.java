package io.payonce.server.outbox;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.channel.Channel;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.OrderEventData;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.payment.PaymentEventData;
import io.payonce.server.payment.PaymentStatus;
import io.payonce.server.refund.DuplicatePaymentDetectedData;
import io.payonce.server.refund.OrderRefundedData;
import io.payonce.server.refund.RefundKind;
import io.payonce.server.refund.RefundSucceededData;
import java.util.LinkedHashMap;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/**
 * The outbox writes an event's record straight to JSON: the same text, field for field and in the
 * same order, as the map of its fields it used to write (the webhook body and the broker message
 * are this text), and the row's numbers read from the record's components.
 */
class OutboxPayloadUnitTests {

  private final JsonMapper json = JsonMapper.builder().build();

  private static final List<Record> EVENTS =
      List.of(
          new OrderEventData(7, "ORD-7", "u1", "3.10", "CNY", OrderStatus.PAID, "PO7"),
          new OrderEventData(8, "ORD-8", null, "0.01", "CNY", OrderStatus.CLOSED, null),
          new PaymentEventData(
              9,
              7,
              Channel.ALIPAY,
              "PO9",
              "2026120622001",
              "3.10",
              "CNY",
              PaymentStatus.PRECREATED,
              PaymentStatus.SUCCESS,
              TransitionSource.NOTIFY),
          new PaymentEventData(
              10,
              7,
              Channel.WECHAT,
              "PO10",
              null,
              "3.10",
              "CNY",
              PaymentStatus.INIT,
              PaymentStatus.CLOSED,
              TransitionSource.JANITOR),
          new RefundSucceededData(
              1, 9, 7, "PO9", "RF1", "3.10", "CNY", RefundKind.DUPLICATE, "ALIPAY"),
          new OrderRefundedData(
              7, "ORD-7", "u1", "3.10", "CNY", OrderStatus.REFUNDED, "PO9", "RF2", "3.10"),
          new DuplicatePaymentDetectedData(10, 7, "PO10", "3.10", "CNY", "RF3"));

  @Test
  void aRecordIsWrittenAsTheMapOfItsFieldsWas() {
    for (Record event : EVENTS) {
      String asMap = json.writeValueAsString(json.convertValue(event, LinkedHashMap.class));
      assertThat(json.writeValueAsString(event)).as(event.toString()).isEqualTo(asMap);
    }
  }

  @Test
  void theRowsNumbersAreTheRecordsComponents() {
    assertThat(RecordNumbers.of(EVENTS.get(0), "orderNo")).isEqualTo("ORD-7");
    assertThat(RecordNumbers.of(EVENTS.get(0), "outTradeNo")).isEqualTo("PO7");
    // Null, or no such component: the outbox looks the number up from the aggregate's rows.
    assertThat(RecordNumbers.of(EVENTS.get(1), "outTradeNo")).isNull();
    assertThat(RecordNumbers.of(EVENTS.get(2), "orderNo")).isNull();
    assertThat(RecordNumbers.of(EVENTS.get(2), "outTradeNo")).isEqualTo("PO9");
  }
}
