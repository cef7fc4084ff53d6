package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;

import io.payonce.server.journal.Attempts;
import io.payonce.server.journal.Attempts.Attempt;
import io.payonce.server.journal.Attempts.Step;
import io.payonce.server.journal.TransitionSource;
import java.util.EnumSet;
import java.util.List;
import java.util.stream.Stream;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random sequences of attempted payment transitions against properties stated without the table.
 */
class PaymentStatusUnitTests {

  @Property
  void successIsFinalAndOnlyChannelEvidenceLeavesFailOrClosed(
      @ForAll("attempts") List<Attempt<PaymentStatus>> attempts) {
    for (Step<PaymentStatus> step : Attempts.walk(PaymentStatus.INIT, attempts)) {
      if (step.from() == PaymentStatus.SUCCESS) {
        assertThat(step.moved()).isFalse();
      }
      if ((step.from() == PaymentStatus.FAIL || step.from() == PaymentStatus.CLOSED)
          && step.moved()) {
        assertThat(step.attempt().channelEvidence()).isTrue();
        assertThat(step.to()).isEqualTo(PaymentStatus.SUCCESS);
      }
    }
  }

  @Property
  void onlyTheCancelsAnswerSettlesAPaymentBeingCancelled(
      @ForAll("attempts") List<Attempt<PaymentStatus>> attempts) {
    for (Step<PaymentStatus> step : Attempts.walk(PaymentStatus.PAYING, attempts)) {
      if (step.from() == PaymentStatus.CANCELLING && step.moved()) {
        assertThat(step.attempt().source()).isEqualTo(TransitionSource.CANCEL);
        assertThat(step.to()).isIn(PaymentStatus.SUCCESS, PaymentStatus.CLOSED);
      }
    }
  }

  @Property
  void aPaymentThatLeftFlightNeverHoldsTheSlotAgain(
      @ForAll("attempts") List<Attempt<PaymentStatus>> attempts) {
    boolean left = false;
    for (Step<PaymentStatus> step : Attempts.walk(PaymentStatus.INIT, attempts)) {
      left |= !step.to().isInFlight();
      assertThat(left && step.to().isInFlight()).isFalse();
    }
  }

  @Property
  void repeatingAnAttemptChangesNothing(
      @ForAll("attempts") List<Attempt<PaymentStatus>> attempts,
      @ForAll("attempt") Attempt<PaymentStatus> repeated) {
    List<Step<PaymentStatus>> steps =
        Attempts.walk(PaymentStatus.INIT, append(append(attempts, repeated), repeated));
    assertThat(steps.get(steps.size() - 1).moved()).isFalse();
  }

  @Property
  void onlyInFlightStatusesRaiseNoEvent(@ForAll PaymentStatus status) {
    assertThat(status.event().isEmpty()).isEqualTo(status.isInFlight());
  }

  @Property
  void noLocalDecisionMovesAFinalStatusOrACancellation(@ForAll PaymentStatus status) {
    assertThat(status.successors(TransitionSource.API).isEmpty())
        .isEqualTo(
            EnumSet.of(
                    PaymentStatus.SUCCESS,
                    PaymentStatus.FAIL,
                    PaymentStatus.CLOSED,
                    PaymentStatus.CANCELLING)
                .contains(status));
  }

  static <T> List<T> append(List<T> list, T last) {
    return Stream.concat(list.stream(), Stream.of(last)).toList();
  }

  @Provide
  Arbitrary<Attempt<PaymentStatus>> attempt() {
    return Attempts.attempt(PaymentStatus.class);
  }

  @Provide
  Arbitrary<List<Attempt<PaymentStatus>>> attempts() {
    return Attempts.sequence(PaymentStatus.class);
  }
}
