package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.TradeState;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.outbox.OutboxEvent;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.jdbc.core.simple.JdbcClient;

/**
 * A first notify's one transaction, as issue 16 trimmed it (the order read whole under its lock,
 * the payment's change answered by its UPDATE or read back in the transaction, the journal's and
 * the outbox's rows of payment and order inserted together), and a repeat of its fact answered from
 * one read. What each writes must be what the separate statements wrote before. Run on each
 * database by the subclasses.
 */
@PayOnceIntegrationTest
abstract class NotifyApplyIntegrationTests {

  @Autowired OrderService orders;
  @Autowired PaymentOpener opener;
  @Autowired PaymentTransitions transitions;
  @Autowired ChannelResultApplier applier;
  @Autowired Journal journal;
  @Autowired OutboxReader outbox;
  @Autowired JdbcClient jdbc;

  @Test
  void aFirstNotifyJournalsAndAnnouncesThePaymentAndItsOrderWithTheStatusesTheyLeft() {
    Payment payment = precreated();
    String tradeNo = TestNumbers.orderNo("T");

    ApplyResult result =
        applier.apply(trade(payment, tradeNo), TransitionSource.NOTIFY, fact(tradeNo));

    assertThat(result).isEqualTo(new ApplyResult(ApplyResult.Kind.APPLIED, PaymentStatus.SUCCESS));
    JournalEntry paid = last(journal.entriesOf(Aggregate.PAYMENT, payment.payId()));
    assertThat(List.of(paid.fromStatus(), paid.toStatus(), paid.source().name()))
        .containsExactly("PRECREATED", "SUCCESS", "NOTIFY");
    assertThat(paid.detail()).isEqualTo("paid trade_no=" + tradeNo);
    JournalEntry orderPaid = last(journal.entriesOf(Aggregate.ORDER, payment.orderId()));
    assertThat(List.of(orderPaid.fromStatus(), orderPaid.toStatus()))
        .containsExactly("PAYING", "PAID");
    assertThat(orderPaid.id()).isGreaterThan(paid.id());
    Order order = orders.findById(payment.orderId()).orElseThrow();
    assertThat(order.status()).isEqualTo(OrderStatus.PAID);
    assertThat(order.paidBy()).isEqualTo(payment.payId());
    OutboxEvent succeeded = last(outbox.eventsOf(Aggregate.PAYMENT, payment.payId()));
    assertThat(succeeded.eventType()).isEqualTo("PaymentSucceeded");
    assertThat(succeeded.payload())
        .contains("\"from\":\"PRECREATED\"", "\"status\":\"SUCCESS\"", "\"tradeNo\":\"" + tradeNo);
    OutboxEvent orderEvent = last(outbox.eventsOf(Aggregate.ORDER, payment.orderId()));
    assertThat(orderEvent.eventType()).isEqualTo("OrderPaid");
    assertThat(orderEvent.payload())
        .contains("\"status\":\"PAID\"", "\"outTradeNo\":\"" + payment.outTradeNo() + "\"");
    // The payment's event names its order's number, read with the payment's row, not looked up.
    assertThat(numbersOf(succeeded)).containsExactly(order.orderNo(), payment.outTradeNo());
    assertThat(numbersOf(orderEvent)).containsExactly(order.orderNo(), payment.outTradeNo());
  }

  @Test
  void aRepeatedFactIsAnsweredWithThePaymentsStatusAndWritesNothing() {
    Payment payment = precreated();
    String tradeNo = TestNumbers.orderNo("T");
    applier.apply(trade(payment, tradeNo), TransitionSource.NOTIFY, fact(tradeNo));
    int journaled = journal.entriesOf(Aggregate.PAYMENT, payment.payId()).size();
    int told = outbox.eventsOf(Aggregate.PAYMENT, payment.payId()).size();

    ApplyResult again =
        applier.apply(trade(payment, tradeNo), TransitionSource.NOTIFY, fact(tradeNo));

    assertThat(again).isEqualTo(new ApplyResult(ApplyResult.Kind.DUPLICATE, PaymentStatus.SUCCESS));
    assertThat(journal.entriesOf(Aggregate.PAYMENT, payment.payId())).hasSize(journaled);
    assertThat(outbox.eventsOf(Aggregate.PAYMENT, payment.payId())).hasSize(told);
    assertThat(
            jdbc.sql("SELECT COUNT(*) FROM notify_dedup WHERE event_key = :key")
                .param("key", fact(tradeNo).eventKey())
                .query(Long.class)
                .single())
        .isEqualTo(1L);
  }

  @Test
  void aNotifyOfAPaymentAQueryAlreadyPaidRecordsItsFactAndChangesNothingElse() {
    Payment payment = precreated();
    String tradeNo = TestNumbers.orderNo("T");
    applier.apply(trade(payment, tradeNo), TransitionSource.QUERY, null);
    int journaled = journal.entriesOf(Aggregate.ORDER, payment.orderId()).size();

    ApplyResult result =
        applier.apply(trade(payment, tradeNo), TransitionSource.NOTIFY, fact(tradeNo));

    assertThat(result)
        .isEqualTo(new ApplyResult(ApplyResult.Kind.NO_CHANGE, PaymentStatus.SUCCESS));
    assertThat(journal.entriesOf(Aggregate.ORDER, payment.orderId())).hasSize(journaled);
    assertThat(
            applier.apply(trade(payment, tradeNo), TransitionSource.NOTIFY, fact(tradeNo)).kind())
        .isEqualTo(ApplyResult.Kind.DUPLICATE);
  }

  private Payment precreated() {
    long orderId =
        orders
            .create(
                new NewOrder(
                    TestApps.APP_ID,
                    TestNumbers.orderNo("NTF"),
                    "u",
                    Money.ofMinor(1234, "CNY"),
                    "notify"))
            .order()
            .id();
    Payment payment = opener.open(orderId, Channel.ALIPAY, null, null).payment();
    transitions.apply(
        payment.payId(),
        PaymentStatus.PRECREATED,
        TransitionSource.API,
        "qr issued",
        ChannelFields.none());
    return payment;
  }

  private static ChannelTrade trade(Payment payment, String tradeNo) {
    return new ChannelTrade(payment.outTradeNo(), tradeNo, TradeState.SUCCESS, 1234, null, null);
  }

  private static ChannelFact fact(String tradeNo) {
    return new ChannelFact(Channel.ALIPAY.name(), tradeNo + ":TRADE_SUCCESS", "0".repeat(64));
  }

  private List<String> numbersOf(OutboxEvent event) {
    return jdbc.sql("SELECT order_no, out_trade_no FROM outbox WHERE id = :id")
        .param("id", event.id())
        .query((rs, row) -> List.of(rs.getString(1), rs.getString(2)))
        .single();
  }

  private static <T> T last(List<T> items) {
    return items.get(items.size() - 1);
  }
}
