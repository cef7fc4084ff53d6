package io.payonce.server.payment;

import io.payonce.server.db.UpdateReturning;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.outbox.OutboxWriter;
import java.time.Clock;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The only writer of payment statuses, and the one function that notify, query, close, janitor and
 * reconciliation results go through. Each call is one conditional UPDATE built from {@link
 * PaymentStatus#allowedFrom}; the winner journals the change and appends its event in the same
 * transaction (the caller's, if it has one), a loser gets the current status back.
 */
@Service
public class PaymentTransitions {

  private final PaymentRepository payments;
  private final Journal journal;
  private final OutboxWriter outbox;
  private final boolean returning;
  private final Clock clock;

  PaymentTransitions(
      PaymentRepository payments,
      Journal journal,
      OutboxWriter outbox,
      UpdateReturning returning,
      Clock clock) {
    this.payments = payments;
    this.journal = journal;
    this.outbox = outbox;
    this.returning = returning.supported();
    this.clock = clock;
  }

  /**
   * Moves a payment to {@code target} if the transition table allows it from its current status for
   * this source, storing the channel's fields with it.
   *
   * @throws PaymentNotFoundException if there is no such payment
   */
  @Transactional
  public TransitionOutcome<PaymentStatus> apply(
      long payId,
      PaymentStatus target,
      TransitionSource source,
      String detail,
      ChannelFields fields) {
    return applyReturning(payId, target, source, detail, fields)
        .<TransitionOutcome<PaymentStatus>>map(won -> TransitionOutcome.won(target))
        .orElseGet(
            () ->
                TransitionOutcome.lost(
                    payments
                        .lockStatus(payId)
                        .orElseThrow(() -> new PaymentNotFoundException("id " + payId))));
  }

  /**
   * As {@link #apply}, answering the winner the row it changed and the status it left (empty for a
   * loser), so that the caller reads nothing back.
   */
  @Transactional(propagation = org.springframework.transaction.annotation.Propagation.MANDATORY)
  Optional<PaymentRepository.Transitioned> applyReturning(
      long payId,
      PaymentStatus target,
      TransitionSource source,
      String detail,
      ChannelFields fields) {
    Set<PaymentStatus> from = PaymentStatus.allowedFrom(target, source);
    Optional<PaymentRepository.Transitioned> won =
        from.isEmpty()
            ? Optional.empty()
            : payments.transitionReturning(payId, from, target, fields, clock.instant(), returning);
    won.ifPresent(
        changed -> {
          journal.append(Aggregate.PAYMENT, payId, changed.previous(), target, source, detail);
          target
              .event()
              .ifPresent(
                  event ->
                      outbox.append(
                          Aggregate.PAYMENT,
                          payId,
                          event,
                          "payment " + changed.payment().outTradeNo() + " " + target,
                          payload(changed.payment(), changed.previous(), source),
                          changed.orderNo()));
        });
    return won;
  }

  private static PaymentEventData payload(
      Payment payment, PaymentStatus previous, TransitionSource source) {
    return new PaymentEventData(
        payment.payId(),
        payment.orderId(),
        payment.channel(),
        payment.outTradeNo(),
        payment.tradeNo(),
        payment.amount().toDecimalString(),
        payment.amount().currency(),
        previous,
        payment.status(),
        source);
  }
}
