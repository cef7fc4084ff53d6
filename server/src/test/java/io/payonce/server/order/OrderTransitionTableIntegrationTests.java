package io.payonce.server.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.journal.TransitionTable;
import io.payonce.server.money.Money;
import io.payonce.server.outbox.OutboxReader;
import io.payonce.server.testing.PayOnceIntegrationTest;
import io.payonce.server.testing.TestApps;
import io.payonce.server.testing.TestNumbers;
import io.payonce.server.testing.TransitionAttempts;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The order table, held against the database: every attempt — from each status, to each status, by
 * each source — is made with the real conditional UPDATE on an order that reached its status
 * through real transitions; it must move the row exactly when {@link OrderStatus} says, journal
 * exactly when it moved, and tell its event only for a new business fact. Only {@code markPaid}
 * pays an order. Run on each database by the subclasses: H2 makes every attempt (each pair of
 * statuses by each source); MariaDB and PostgreSQL, whose SQL is the same whichever source asks,
 * make each pair of statuses once, by a source the pair picks ({@link TransitionAttempts}), shifted
 * by one between the two, so that every source is asked on each of them.
 */
@PayOnceIntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class OrderTransitionTableIntegrationTests {

  private static final long PAYMENT = 424242L;

  /** A path of transitions from CREATED to each status, as the services take them. */
  private static final Map<OrderStatus, List<OrderStatus>> PATHS =
      Map.of(
          OrderStatus.CREATED, List.of(),
          OrderStatus.PAYING, List.of(OrderStatus.PAYING),
          OrderStatus.PAID, List.of(OrderStatus.PAYING, OrderStatus.PAID),
          OrderStatus.CLOSED, List.of(OrderStatus.CLOSED),
          OrderStatus.REFUNDING,
              List.of(OrderStatus.PAYING, OrderStatus.PAID, OrderStatus.REFUNDING),
          OrderStatus.PARTIALLY_REFUNDED,
              List.of(
                  OrderStatus.PAYING,
                  OrderStatus.PAID,
                  OrderStatus.REFUNDING,
                  OrderStatus.PARTIALLY_REFUNDED),
          OrderStatus.REFUNDED,
              List.of(
                  OrderStatus.PAYING,
                  OrderStatus.PAID,
                  OrderStatus.REFUNDING,
                  OrderStatus.REFUNDED));

  @Autowired OrderService orders;
  @Autowired OrderTransitions transitions;
  @Autowired OrderRepository repository;
  @Autowired Journal journal;
  @Autowired OutboxReader outbox;

  /** The attempts this database makes (the factory of the table's test). */
  abstract List<Arguments> attempts();

  @ParameterizedTest(name = "{0} -> {1} asked by {2}")
  @MethodSource("attempts")
  void theUpdateMovesExactlyWhenTheTableSays(
      OrderStatus from, OrderStatus to, TransitionSource source) {
    Order order = orderIn(from);
    int journaled = journal.entriesOf(Aggregate.ORDER, order.id()).size();
    int told = outbox.eventsOf(Aggregate.ORDER, order.id()).size();
    OrderStatus expected = TransitionTable.attempt(from, to, source);
    boolean moves = expected != from;

    TransitionOutcome<OrderStatus> outcome =
        to == OrderStatus.PAID
            ? transitions.markPaid(order.id(), PAYMENT, "PO-TABLE", source, "table")
            : transitions.apply(order.id(), to, source, "table");

    assertThat(outcome.won()).isEqualTo(moves);
    assertThat(repository.findById(order.id()).orElseThrow().status()).isEqualTo(expected);
    assertThat(journal.entriesOf(Aggregate.ORDER, order.id())).hasSize(journaled + (moves ? 1 : 0));
    assertThat(outbox.eventsOf(Aggregate.ORDER, order.id()))
        .hasSize(told + (moves && to.event(from).isPresent() ? 1 : 0));
    if (moves && to == OrderStatus.PAID) {
      assertThat(repository.findById(order.id()).orElseThrow().paidBy()).isEqualTo(PAYMENT);
    }
  }

  @ParameterizedTest
  @EnumSource(OrderStatus.class)
  void onlyAFailedRefundGivesBackPaidWithoutAPayment(OrderStatus from) {
    Order order = orderIn(from);

    TransitionOutcome<OrderStatus> outcome =
        transitions.apply(order.id(), OrderStatus.PAID, TransitionSource.NOTIFY, "no payment");

    assertThat(outcome.won()).isEqualTo(from == OrderStatus.REFUNDING);
  }

  private Order orderIn(OrderStatus status) {
    Order order =
        orders
            .create(
                new NewOrder(
                    TestApps.APP_ID,
                    TestNumbers.orderNo("OTB"),
                    "u",
                    Money.ofMinor(1234, "CNY"),
                    "order table"))
            .order();
    for (OrderStatus step : PATHS.get(status)) {
      TransitionOutcome<OrderStatus> moved =
          step == OrderStatus.PAID
              ? transitions.markPaid(
                  order.id(), PAYMENT, "PO-TABLE", TransitionSource.NOTIFY, "path")
              : transitions.apply(order.id(), step, TransitionSource.API, "path");
      assertThat(moved.won()).isTrue();
    }
    return repository.findById(order.id()).orElseThrow();
  }
}
