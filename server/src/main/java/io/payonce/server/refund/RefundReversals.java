package io.payonce.server.refund;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.Payments;
import io.payonce.server.payment.ReversalRecorder;
import java.time.Clock;
import java.time.Instant;
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

  private final RefundRepository refunds;
  private final Payments payments;
  private final Journal journal;
  private final RefundEvents events;
  private final Clock clock;

  RefundReversals(
      RefundRepository refunds,
      Payments payments,
      Journal journal,
      RefundEvents events,
      Clock clock) {
    this.refunds = refunds;
    this.payments = payments;
    this.journal = journal;
    this.events = events;
    this.clock = clock;
  }

  static String refundNumber(Payment payment) {
    return "CANCEL_" + payment.outTradeNo();
  }

  @Override
  public void onReversed(Payment payment, Instant refundedAt) {
    String outRequestNo = refundNumber(payment);
    if (refunds.findByRequest(payment.payId(), outRequestNo).isPresent()) {
      return;
    }
    long amount = payment.amount().minorUnits();
    if (!payments.reserveRefund(payment.payId(), amount)) {
      // Only a payment that just became SUCCESS gets here: nothing else can have reserved it.
      log.error(
          "reversal outTradeNo={} not recorded reason=already-reserved", payment.outTradeNo());
      return;
    }
    long id =
        refunds.insert(
            payment.payId(),
            payment.orderId(),
            payment.outTradeNo(),
            outRequestNo,
            amount,
            payment.amount().currency(),
            "reversed by the channel's cancel",
            RefundKind.REVERSAL,
            clock.instant());
    journal.append(
        Aggregate.REFUND,
        id,
        null,
        RefundStatus.PENDING,
        TransitionSource.CANCEL,
        "the cancel refunded the payment in full");
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
