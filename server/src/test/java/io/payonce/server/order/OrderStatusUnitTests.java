package io.payonce.server.order;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * Random sequences of attempted order transitions, applied the way the conditional UPDATE applies
 * them, against properties stated without the transition table.
 */
class OrderStatusUnitTests {

  record Attempt(OrderStatus target, boolean channelEvidence) {}

  @Property
  void attemptsNeverLeaveTheDeclaredGraph(@ForAll("attempts") List<Attempt> attempts) {
    OrderStatus current = OrderStatus.CREATED;
    for (Attempt attempt : attempts) {
      OrderStatus next = attemptFrom(current, attempt);
      if (next != current) {
        assertThat(current.successors(attempt.channelEvidence())).contains(next);
      }
      current = next;
    }
  }

  @Property
  void aChargedOrderIsNeverPayableOrClosedAgain(@ForAll("attempts") List<Attempt> attempts) {
    OrderStatus current = OrderStatus.CREATED;
    boolean charged = false;
    for (Attempt attempt : attempts) {
      current = attemptFrom(current, attempt);
      charged |= current == OrderStatus.PAID;
      if (charged) {
        assertThat(current.isPayable()).isFalse();
        assertThat(current).isNotEqualTo(OrderStatus.CLOSED);
      }
    }
  }

  @Property
  void refundedIsFinalAndOnlyChannelEvidenceReopensAClosedOrder(
      @ForAll("attempts") List<Attempt> attempts) {
    OrderStatus current = OrderStatus.CREATED;
    for (Attempt attempt : attempts) {
      OrderStatus next = attemptFrom(current, attempt);
      if (current == OrderStatus.REFUNDED) {
        assertThat(next).isEqualTo(OrderStatus.REFUNDED);
      }
      if (current == OrderStatus.CLOSED && next != current) {
        assertThat(attempt.channelEvidence()).isTrue();
        assertThat(next).isEqualTo(OrderStatus.PAID);
      }
      current = next;
    }
  }

  @Property
  void repeatingAnAttemptChangesNothing(
      @ForAll("attempts") List<Attempt> attempts, @ForAll("attempt") Attempt repeated) {
    OrderStatus current = OrderStatus.CREATED;
    for (Attempt attempt : attempts) {
      current = attemptFrom(current, attempt);
    }
    OrderStatus once = attemptFrom(current, repeated);
    assertThat(attemptFrom(once, repeated)).isEqualTo(once);
  }

  private static OrderStatus attemptFrom(OrderStatus current, Attempt attempt) {
    return OrderStatus.allowedFrom(attempt.target(), attempt.channelEvidence()).contains(current)
        ? attempt.target()
        : current;
  }

  @Provide
  Arbitrary<Attempt> attempt() {
    return Combinators.combine(Arbitraries.of(OrderStatus.class), Arbitraries.of(true, false))
        .as(Attempt::new);
  }

  @Provide
  Arbitrary<List<Attempt>> attempts() {
    return attempt().list().ofMaxSize(30);
  }
}
