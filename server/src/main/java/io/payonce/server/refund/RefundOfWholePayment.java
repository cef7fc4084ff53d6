package io.payonce.server.refund;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.Payments;
import java.time.Clock;
import java.util.OptionalLong;
import org.springframework.stereotype.Component;

/**
 * Opens the refund of a whole payment that PayOnce makes on its own (a duplicate payment's, a
 * cancel's reversal): under a number derived from the payment, so that whichever path gets here
 * first — in the transaction that recorded the payment's success, which only one caller ever wins —
 * the payment is refunded at most once, and nothing else can refund it again.
 */
@Component
class RefundOfWholePayment {

  private final RefundRepository refunds;
  private final Payments payments;
  private final Journal journal;
  private final Clock clock;

  RefundOfWholePayment(RefundRepository refunds, Payments payments, Journal journal, Clock clock) {
    this.refunds = refunds;
    this.payments = payments;
    this.journal = journal;
    this.clock = clock;
  }

  /** The number of the payment's refund of this kind: {@code DUP_} or {@code CANCEL_} + its own. */
  static String number(Payment payment, RefundKind kind) {
    return switch (kind) {
      case DUPLICATE -> "DUP_" + payment.outTradeNo();
      case REVERSAL -> "CANCEL_" + payment.outTradeNo();
      case MERCHANT -> throw new IllegalArgumentException("a merchant's refund has its own number");
    };
  }

  /** Whether the payment's refund of this kind was opened before. */
  boolean exists(Payment payment, RefundKind kind) {
    return refunds.findByRequest(payment.payId(), number(payment, kind)).isPresent();
  }

  /**
   * Opens it PENDING, journaled, with the whole amount reserved, in the caller's transaction.
   *
   * @return the refund's id; empty if it exists already, or the payment's amount is reserved by
   *     another refund
   */
  OptionalLong open(
      Payment payment, RefundKind kind, String reason, TransitionSource source, String why) {
    long amount = payment.amount().minorUnits();
    if (exists(payment, kind) || !payments.reserveRefund(payment.payId(), amount)) {
      return OptionalLong.empty();
    }
    long id =
        refunds.insert(
            payment.payId(),
            payment.orderId(),
            payment.outTradeNo(),
            number(payment, kind),
            amount,
            payment.amount().currency(),
            reason,
            kind,
            clock.instant());
    journal.append(Aggregate.REFUND, id, null, RefundStatus.PENDING, source, why);
    return OptionalLong.of(id);
  }
}
