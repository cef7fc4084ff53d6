package io.payonce.server.order;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.journal.Attempts;
import io.payonce.server.journal.Attempts.Attempt;
import io.payonce.server.journal.Attempts.Step;
import io.payonce.server.journal.TransitionSource;
import java.util.List;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/** Random sequences of attempted order transitions against properties stated without the table. */
class OrderStatusUnitTests {

  @Property
  void aChargedOrderIsNeverPayableOrClosedAgain(
      @ForAll("attempts") List<Attempt<OrderStatus>> attempts) {
    boolean charged = false;
    for (Step<OrderStatus> step : Attempts.walk(OrderStatus.CREATED, attempts)) {
      charged |= step.to() == OrderStatus.PAID;
      if (charged) {
        assertThat(step.to().isPayable()).isFalse();
        assertThat(step.to()).isNotEqualTo(OrderStatus.CLOSED);
      }
    }
  }

  @Property
  void refundedIsFinalAndOnlyChannelEvidenceReopensAClosedOrder(
      @ForAll("attempts") List<Attempt<OrderStatus>> attempts) {
    for (Step<OrderStatus> step : Attempts.walk(OrderStatus.CREATED, attempts)) {
      if (step.from() == OrderStatus.REFUNDED) {
        assertThat(step.moved()).isFalse();
      }
      if (step.from() == OrderStatus.CLOSED && step.moved()) {
        assertThat(step.attempt().channelEvidence()).isTrue();
        assertThat(step.to()).isEqualTo(OrderStatus.PAID);
      }
    }
  }

  @Property
  void exactlyThePayableStatusesCanBeClosedLocally(@ForAll OrderStatus status) {
    assertThat(status.isPayable())
        .isEqualTo(status.successors(TransitionSource.API).contains(OrderStatus.CLOSED));
  }

  @Property
  void onlyAPaymentTellsThatAnOrderIsPaidNeverAFailedRefund(@ForAll OrderStatus previous) {
    boolean isPayment = previous != OrderStatus.REFUNDING;
    assertThat(OrderStatus.PAID.event(previous).isPresent()).isEqualTo(isPayment);
  }

  @Property
  void refundStatusesTellNothingByThemselves(@ForAll OrderStatus previous) {
    // A refund that succeeded tells the order's news itself (RefundEvents), once per refund.
    assertThat(OrderStatus.REFUNDING.event(previous)).isEmpty();
    assertThat(OrderStatus.PARTIALLY_REFUNDED.event(previous)).isEmpty();
    assertThat(OrderStatus.REFUNDED.event(previous)).isEmpty();
  }

  @Provide
  Arbitrary<List<Attempt<OrderStatus>>> attempts() {
    return Attempts.sequence(OrderStatus.class);
  }
}
