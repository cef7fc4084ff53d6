package io.payonce.server.payment;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.EnumSet;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random sequences of attempted transitions, applied the way the conditional UPDATE applies them
 * (move iff the current status is in {@code allowedFrom}), against properties stated without the
 * transition table.
 */
class PaymentStatusUnitTests {

  record Attempt(PaymentStatus target, boolean channelEvidence) {}

  @Property
  void attemptsNeverLeaveTheDeclaredGraph(@ForAll("attempts") List<Attempt> attempts) {
    PaymentStatus current = PaymentStatus.INIT;
    for (Attempt attempt : attempts) {
      PaymentStatus next = attemptFrom(current, attempt);
      if (next != current) {
        assertThat(current.successors(attempt.channelEvidence())).contains(next);
      }
      current = next;
    }
  }

  @Property
  void successIsFinalAndOnlyChannelEvidenceLeavesFailOrClosed(
      @ForAll("attempts") List<Attempt> attempts) {
    PaymentStatus current = PaymentStatus.INIT;
    for (Attempt attempt : attempts) {
      PaymentStatus next = attemptFrom(current, attempt);
      if (current == PaymentStatus.SUCCESS) {
        assertThat(next).isEqualTo(PaymentStatus.SUCCESS);
      }
      if ((current == PaymentStatus.FAIL || current == PaymentStatus.CLOSED) && next != current) {
        assertThat(attempt.channelEvidence()).isTrue();
        assertThat(next).isEqualTo(PaymentStatus.SUCCESS);
      }
      current = next;
    }
  }

  @Property
  void aPaymentThatLeftFlightNeverHoldsTheSlotAgain(@ForAll("attempts") List<Attempt> attempts) {
    PaymentStatus current = PaymentStatus.INIT;
    boolean left = false;
    for (Attempt attempt : attempts) {
      current = attemptFrom(current, attempt);
      left |= !current.isInFlight();
      assertThat(left && current.isInFlight()).isFalse();
    }
  }

  @Property
  void repeatingAnAttemptChangesNothing(
      @ForAll("attempts") List<Attempt> attempts, @ForAll("attempt") Attempt repeated) {
    PaymentStatus current = PaymentStatus.INIT;
    for (Attempt attempt : attempts) {
      current = attemptFrom(current, attempt);
    }
    PaymentStatus once = attemptFrom(current, repeated);
    assertThat(attemptFrom(once, repeated)).isEqualTo(once);
  }

  @Property
  void onlyInFlightStatusesRaiseNoEvent(@ForAll PaymentStatus status) {
    assertThat(status.event().isEmpty()).isEqualTo(status.isInFlight());
  }

  @Property
  void theFinalStatusesAreExactlyThoseWithoutLocalSuccessors(@ForAll PaymentStatus status) {
    boolean finalLocally = status.successors(false).isEmpty();
    assertThat(finalLocally)
        .isEqualTo(
            EnumSet.of(PaymentStatus.SUCCESS, PaymentStatus.FAIL, PaymentStatus.CLOSED)
                .contains(status));
  }

  private static PaymentStatus attemptFrom(PaymentStatus current, Attempt attempt) {
    return PaymentStatus.allowedFrom(attempt.target(), attempt.channelEvidence()).contains(current)
        ? attempt.target()
        : current;
  }

  @Provide
  Arbitrary<Attempt> attempt() {
    return Combinators.combine(Arbitraries.of(PaymentStatus.class), Arbitraries.of(true, false))
        .as(Attempt::new);
  }

  @Provide
  Arbitrary<List<Attempt>> attempts() {
    return attempt().list().ofMaxSize(30);
  }
}
