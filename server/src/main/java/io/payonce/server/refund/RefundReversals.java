package io.payonce.server.refund;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.ReversalRecorder;
import java.time.Clock;
import java.time.Instant;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;

/**
 * Records the refund a channel's cancel made of a paid barcode payment: done from the start (the
 * channel made it and said so), under a number derived from the payment ({@code
 * CANCEL_<out_trade_no>}), in the transaction that recorded the payment's success — so the
 * payment's money is accounted for as paid and given back, and nothing can refund it again.
 */
@Component
class RefundReversals implements ReversalRecorder {

  private static final Logger log = LoggerFactory.getLogger(RefundReversals.class);

  private final RefundOfWholePayment opening;
  private final RefundRepository refunds;
  private final Journal journal;
  private final RefundEvents events;
  private final Clock clock;

  RefundReversals(
      RefundOfWholePayment opening,
      RefundRepository refunds,
      Journal journal,
      RefundEvents events,
      Clock clock) {
    this.opening = opening;
    this.refunds = refunds;
    this.journal = journal;
    this.events = events;
    this.clock = clock;
  }

  @Override
  public void onReversed(Payment payment, Instant refundedAt) {
    if (opening.exists(payment, RefundKind.REVERSAL)) {
      return;
    }
    OptionalLong opened =
        opening.open(
            payment,
            RefundKind.REVERSAL,
            "reversed by the channel's cancel",
            TransitionSource.CANCEL,
            "the cancel refunded the payment in full");
    if (opened.isEmpty()) {
      // Only a payment that just became SUCCESS gets here: nothing else can have reserved it.
      log.error(
          "reversal outTradeNo={} not recorded reason=already-reserved", payment.outTradeNo());
      return;
    }
    long id = opened.getAsLong();
    String detail = "refunded by the channel's cancel at " + refundedAt;
    refunds.transition(id, RefundStatus.SUCCESS, detail, clock.instant());
    journal.append(
        Aggregate.REFUND,
        id,
        RefundStatus.PENDING,
        RefundStatus.SUCCESS,
        TransitionSource.CANCEL,
        detail);
    events.refundSucceeded(refunds.findById(id).orElseThrow(), payment.channel().name());
  }
}
