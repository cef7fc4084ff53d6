package io.payonce.server.order;

import io.payonce.server.db.UpdateReturning;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.outbox.StatusTransitions;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The only writer of order statuses: the shared {@link StatusTransitions} skeleton on the order row
 * (one conditional UPDATE built from {@link OrderStatus#allowedFrom}; the winner journals the
 * change and appends its event in the same transaction), a loser gets the current status back.
 */
@Service
public class OrderTransitions {

  private final OrderRepository orders;
  private final StatusTransitions transitions;
  private final UpdateReturning returning;
  private final Clock clock;
  private final TransactionTemplate transactions;

  OrderTransitions(
      OrderRepository orders,
      StatusTransitions transitions,
      UpdateReturning returning,
      Clock clock,
      TransactionTemplate transactions) {
    this.orders = orders;
    this.transitions = transitions;
    this.returning = returning;
    this.clock = clock;
    this.transactions = transactions;
  }

  /**
   * Moves an order to {@code target} if the transition table allows it from its current status.
   * Only {@link #markPaid} pays an order: here PAID is reachable only from REFUNDING (a refund that
   * failed gives the order back its paid status, and its payment).
   *
   * @throws OrderNotFoundException if there is no such order
   */
  public TransitionOutcome<OrderStatus> apply(
      long orderId, OrderStatus target, TransitionSource source, String detail) {
    // The template, not @Transactional: a transition of its own that a deadlock made a victim runs
    // again (db.VictimRetryingTransactions); inside a caller's transaction it joins that one.
    return transactions.execute(status -> apply(orderId, target, source, detail, null, null));
  }

  /**
   * Marks the order paid by the payment {@code payId}, which the order names from then on (its
   * view, its refunds and OrderPaid point at it, never at a duplicate).
   *
   * @param outTradeNo the paying payment's number, told in OrderPaid
   */
  public TransitionOutcome<OrderStatus> markPaid(
      long orderId, long payId, String outTradeNo, TransitionSource source, String detail) {
    return transactions.execute(
        status -> apply(orderId, OrderStatus.PAID, source, detail, payId, outTradeNo));
  }

  private TransitionOutcome<OrderStatus> apply(
      long orderId,
      OrderStatus target,
      TransitionSource source,
      String detail,
      Long paidBy,
      String paidByOutTradeNo) {
    // Only markPaid pays an order; anything else reaches PAID only back from REFUNDING.
    boolean paying = target != OrderStatus.PAID || paidBy != null;
    Optional<OrderRepository.Transitioned> won =
        transitions.attempt(
            Aggregate.ORDER,
            orderId,
            target,
            source,
            detail,
            status -> paying || status == OrderStatus.REFUNDING,
            new StatusTransitions.Attempt<OrderStatus, OrderRepository.Transitioned>(
                from ->
                    orders.transitionReturning(
                        orderId, from, target, paidBy, clock.instant(), returning),
                OrderRepository.Transitioned::previous,
                (changed, previous) -> event(changed.order(), previous, target, paidByOutTradeNo)));
    if (won.isEmpty()) {
      OrderStatus current =
          orders.lockStatus(orderId).orElseThrow(() -> new OrderNotFoundException("id " + orderId));
      return TransitionOutcome.lost(current);
    }
    return TransitionOutcome.won(target);
  }

  /**
   * As {@link #markPaid(long, long, String, TransitionSource, String)} for an order the caller
   * locked in this transaction ({@link OrderService#lock}): the row it read is the row the UPDATE
   * changes (nothing else can move it while the lock is held), so it is not read again.
   */
  @Transactional(propagation = org.springframework.transaction.annotation.Propagation.MANDATORY)
  public TransitionOutcome<OrderStatus> markPaid(
      Order locked, long payId, String outTradeNo, TransitionSource source, String detail) {
    Set<OrderStatus> from = EnumSet.copyOf(OrderStatus.allowedFrom(OrderStatus.PAID, source));
    java.time.Instant now = clock.instant();
    if (!from.contains(locked.status())
        || orders.transition(locked.id(), from, OrderStatus.PAID, payId, now) == 0) {
      return TransitionOutcome.lost(locked.status());
    }
    Order paid =
        new Order(
            locked.id(),
            locked.appId(),
            locked.orderNo(),
            locked.userId(),
            locked.amount(),
            locked.title(),
            OrderStatus.PAID,
            payId,
            locked.createdAt(),
            now,
            locked.version() + 1);
    transitions.record(
        Aggregate.ORDER,
        paid.id(),
        locked.status(),
        OrderStatus.PAID,
        source,
        detail,
        event(paid, locked.status(), OrderStatus.PAID, outTradeNo));
    return TransitionOutcome.won(OrderStatus.PAID);
  }

  /** The business event of a change, if it raises one (the order as it is afterwards). */
  private static Optional<StatusTransitions.Event> event(
      Order order, OrderStatus previous, OrderStatus target, String paidByOutTradeNo) {
    return target
        .event(previous)
        .map(
            type ->
                new StatusTransitions.Event(
                    type,
                    fact(order, target, paidByOutTradeNo),
                    payload(order, paidByOutTradeNo),
                    null));
  }

  private static String fact(Order order, OrderStatus target, String paidByOutTradeNo) {
    return target == OrderStatus.PAID
        ? order.identity() + " paid by " + paidByOutTradeNo
        : order.identity() + " " + target;
  }

  private static OrderEventData payload(Order order, String paidByOutTradeNo) {
    return new OrderEventData(
        order.id(),
        order.orderNo(),
        order.userId(),
        order.amount().toDecimalString(),
        order.amount().currency(),
        order.status(),
        paidByOutTradeNo);
  }
}
