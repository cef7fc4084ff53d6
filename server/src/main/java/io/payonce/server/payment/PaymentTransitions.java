package io.payonce.server.payment;

import io.payonce.server.db.UpdateReturning;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.OrderService;
import io.payonce.server.outbox.StatusTransitions;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The only writer of payment statuses, and the one function that notify, query, close, janitor and
 * reconciliation results go through: the shared {@link StatusTransitions} skeleton on the payment
 * row (one conditional UPDATE built from {@link PaymentStatus#allowedFrom}; the winner journals the
 * change and appends its event in the same transaction, the caller's if it has one), a loser gets
 * the current status back.
 *
 * <p>A transition to a status outside the order's payable slot (SUCCESS, FAIL, CLOSED) locks the
 * order row first, in the same transaction, as {@link PaymentOpener} does before it enters the
 * slot: every path into or out of the slot takes the order's lock, then the payment's and the slot
 * key's, so two of them wait for each other instead of deadlocking. (On MariaDB the UPDATE that
 * frees the slot rewrites the key's entry and checks the order's foreign key under a shared lock of
 * the order row: without the order's lock first, it waited for an opener holding that row while the
 * opener waited for the entry.)
 */
@Service
public class PaymentTransitions {

  private final PaymentRepository payments;
  private final OrderService orders;
  private final StatusTransitions transitions;
  private final UpdateReturning returning;
  private final Clock clock;
  private final TransactionTemplate transactions;

  PaymentTransitions(
      PaymentRepository payments,
      OrderService orders,
      StatusTransitions transitions,
      UpdateReturning returning,
      Clock clock,
      TransactionTemplate transactions) {
    this.payments = payments;
    this.orders = orders;
    this.transitions = transitions;
    this.returning = returning;
    this.clock = clock;
    this.transactions = transactions;
  }

  /**
   * Moves a payment to {@code target} if the transition table allows it from its current status for
   * this source, storing the channel's fields with it.
   *
   * @throws PaymentNotFoundException if there is no such payment
   */
  public TransitionOutcome<PaymentStatus> apply(
      long payId,
      PaymentStatus target,
      TransitionSource source,
      String detail,
      ChannelFields fields) {
    // The template, not @Transactional: a transition of its own that a deadlock made a victim runs
    // again (db.VictimRetryingTransactions); inside a caller's transaction it joins that one.
    return transactions.execute(
        status ->
            applyReturning(payId, target, source, detail, fields)
                .<TransitionOutcome<PaymentStatus>>map(won -> TransitionOutcome.won(target))
                .orElseGet(() -> lost(payId)));
  }

  /**
   * As {@link #apply}, for a request whose channel call holds the payment's call lease until {@code
   * leaseUntil}: the transition counts only while that lease is still the payment's, ending it in
   * the same transaction. A request that stalled past its lease — another has taken the call over
   * since, and may have issued the code — loses, and gets the current status back: what one call
   * was told must not overwrite what a later call made.
   */
  public TransitionOutcome<PaymentStatus> applyHoldingCallLease(
      long payId,
      Instant leaseUntil,
      PaymentStatus target,
      TransitionSource source,
      String detail,
      ChannelFields fields) {
    return transactions.execute(
        status -> {
          if (!target.isInFlight()) {
            lockOrderOf(payId);
          }
          if (!payments.endCallLease(payId, leaseUntil)) {
            return lost(payId);
          }
          return applyReturning(payId, target, source, detail, fields)
              .<TransitionOutcome<PaymentStatus>>map(won -> TransitionOutcome.won(target))
              .orElseGet(() -> lost(payId));
        });
  }

  private TransitionOutcome<PaymentStatus> lost(long payId) {
    return TransitionOutcome.lost(
        payments.lockStatus(payId).orElseThrow(() -> new PaymentNotFoundException("id " + payId)));
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
    if (!target.isInFlight()) {
      lockOrderOf(payId);
    }
    return attemptReturning(payId, target, source, detail, fields);
  }

  /**
   * As {@link #applyReturning}, for a caller that locked the payment's order in this transaction
   * already (the order before the payment, as every transition out of the slot takes them): the
   * order is not looked up and locked a second time.
   */
  @Transactional(propagation = org.springframework.transaction.annotation.Propagation.MANDATORY)
  Optional<PaymentRepository.Transitioned> applyReturningUnderOrderLock(
      long payId,
      PaymentStatus target,
      TransitionSource source,
      String detail,
      ChannelFields fields) {
    return attemptReturning(payId, target, source, detail, fields);
  }

  private Optional<PaymentRepository.Transitioned> attemptReturning(
      long payId,
      PaymentStatus target,
      TransitionSource source,
      String detail,
      ChannelFields fields) {
    return transitions.attempt(
        Aggregate.PAYMENT,
        payId,
        target,
        source,
        detail,
        status -> true,
        new StatusTransitions.Attempt<PaymentStatus, PaymentRepository.Transitioned>(
            from ->
                payments.transitionReturning(
                    payId, from, target, fields, clock.instant(), returning),
            PaymentRepository.Transitioned::previous,
            (changed, previous) ->
                target
                    .event()
                    .map(
                        type ->
                            new StatusTransitions.Event(
                                type,
                                "payment " + changed.payment().outTradeNo() + " " + target,
                                payload(changed.payment(), previous, source),
                                changed.orderNo()))));
  }

  /** The order row's lock, taken before anything of its payment's in this transaction. */
  private void lockOrderOf(long payId) {
    long orderId =
        payments.orderIdOf(payId).orElseThrow(() -> new PaymentNotFoundException("id " + payId));
    orders.lockStatus(orderId);
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
