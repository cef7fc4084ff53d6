package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.channel.Channel;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.journal.TransitionTable;
import io.payonce.server.money.Money;
import io.payonce.server.order.NewOrder;
import io.payonce.server.order.OrderService;
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
import org.junit.jupiter.params.provider.MethodSource;
import org.springframework.beans.factory.annotation.Autowired;

/**
 * The payment table, held against the database: every attempt — from each status, to each status,
 * by each source — is made with the real conditional UPDATE on a payment that reached its status
 * through real transitions, and must move the row exactly when {@link PaymentStatus} says, journal
 * and raise the target's event exactly when it moved, and keep the order's one payable slot with
 * exactly the in-flight statuses. Run on each database by the subclasses, H2 making every attempt
 * and MariaDB and PostgreSQL each pair of statuses once ({@link TransitionAttempts}).
 */
@PayOnceIntegrationTest
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
abstract class PaymentTransitionTableIntegrationTests {

  /** A path of local (API) transitions from INIT to each status, as the services take them. */
  private static final Map<PaymentStatus, List<PaymentStatus>> PATHS =
      Map.of(
          PaymentStatus.INIT, List.of(),
          PaymentStatus.PRECREATED, List.of(PaymentStatus.PRECREATED),
          PaymentStatus.PAYING, List.of(PaymentStatus.PRECREATED, PaymentStatus.PAYING),
          PaymentStatus.CANCELLING, List.of(PaymentStatus.PAYING, PaymentStatus.CANCELLING),
          PaymentStatus.SUCCESS, List.of(PaymentStatus.PRECREATED, PaymentStatus.SUCCESS),
          PaymentStatus.FAIL, List.of(PaymentStatus.FAIL),
          PaymentStatus.CLOSED, List.of(PaymentStatus.PRECREATED, PaymentStatus.CLOSED));

  @Autowired OrderService orders;
  @Autowired PaymentOpener opener;
  @Autowired PaymentTransitions transitions;
  @Autowired PaymentRepository payments;
  @Autowired Journal journal;
  @Autowired OutboxReader outbox;

  /** The attempts this database makes (the factory of the table's test). */
  abstract List<Arguments> attempts();

  @ParameterizedTest(name = "{0} -> {1} asked by {2}")
  @MethodSource("attempts")
  void theUpdateMovesExactlyWhenTheTableSays(
      PaymentStatus from, PaymentStatus to, TransitionSource source) {
    Payment payment = paymentIn(from);
    int journaled = journal.entriesOf(Aggregate.PAYMENT, payment.payId()).size();
    int told = outbox.eventsOf(Aggregate.PAYMENT, payment.payId()).size();
    PaymentStatus expected = TransitionTable.attempt(from, to, source);
    boolean moves = expected != from;

    TransitionOutcome<PaymentStatus> outcome =
        transitions.apply(payment.payId(), to, source, "table", ChannelFields.none());

    assertThat(outcome.won()).isEqualTo(moves);
    assertThat(outcome.current()).isEqualTo(expected);
    assertThat(payments.findById(payment.payId()).orElseThrow().status()).isEqualTo(expected);
    assertThat(journal.entriesOf(Aggregate.PAYMENT, payment.payId()))
        .hasSize(journaled + (moves ? 1 : 0));
    assertThat(outbox.eventsOf(Aggregate.PAYMENT, payment.payId()))
        .hasSize(told + (moves && to.event().isPresent() ? 1 : 0));
    assertThat(payments.findInFlight(payment.orderId()).isPresent())
        .isEqualTo(expected.isInFlight());
  }

  private Payment paymentIn(PaymentStatus status) {
    long orderId =
        orders
            .create(
                new NewOrder(
                    TestApps.APP_ID,
                    TestNumbers.orderNo("TBL"),
                    "u",
                    Money.ofMinor(1234, "CNY"),
                    "transition table"))
            .order()
            .id();
    Payment payment = opener.open(orderId, Channel.ALIPAY, null, null).payment();
    for (PaymentStatus step : PATHS.get(status)) {
      TransitionSource source =
          step == PaymentStatus.SUCCESS ? TransitionSource.NOTIFY : TransitionSource.API;
      assertThat(
              transitions.apply(payment.payId(), step, source, "path", ChannelFields.none()).won())
          .isTrue();
    }
    return payments.findById(payment.payId()).orElseThrow();
  }
}
