package io.payonce.server.order;

import io.payonce.server.db.UpdateReturning;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.outbox.OutboxWriter;
import java.time.Clock;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * The only writer of order statuses. Each call is one conditional UPDATE built from {@link
 * OrderStatus#allowedFrom}; the winner journals the change and appends its event in the same
 * transaction, a loser gets the current status back.
 */
@Service
public class OrderTransitions {

  private final OrderRepository orders;
  private final Journal journal;
  private final OutboxWriter outbox;
  private final boolean returning;
  private final Clock clock;

  OrderTransitions(
      OrderRepository orders,
      Journal journal,
      OutboxWriter outbox,
      UpdateReturning returning,
      Clock clock) {
    this.orders = orders;
    this.journal = journal;
    this.outbox = outbox;
    this.returning = returning.supported();
    this.clock = clock;
  }

  /**
   * Moves an order to {@code target} if the transition table allows it from its current status.
   * Only {@link #markPaid} pays an order: here PAID is reachable only from REFUNDING (a refund that
   * failed gives the order back its paid status, and its payment).
   *
   * @throws OrderNotFoundException if there is no such order
   */
  @Transactional
  public TransitionOutcome<OrderStatus> apply(
      long orderId, OrderStatus target, TransitionSource source, String detail) {
    return apply(orderId, target, source, detail, null, null);
  }

  /**
   * Marks the order paid by the payment {@code payId}, which the order names from then on (its
   * view, its refunds and OrderPaid point at it, never at a duplicate).
   *
   * @param outTradeNo the paying payment's number, told in OrderPaid
   */
  @Transactional
  public TransitionOutcome<OrderStatus> markPaid(
      long orderId, long payId, String outTradeNo, TransitionSource source, String detail) {
    return apply(orderId, OrderStatus.PAID, source, detail, payId, outTradeNo);
  }

  private TransitionOutcome<OrderStatus> apply(
      long orderId,
      OrderStatus target,
      TransitionSource source,
      String detail,
      Long paidBy,
      String paidByOutTradeNo) {
    // allowedFrom answers an EnumSet, which copyOf copies even when empty.
    Set<OrderStatus> from = EnumSet.copyOf(OrderStatus.allowedFrom(target, source));
    if (target == OrderStatus.PAID && paidBy == null) {
      from.retainAll(EnumSet.of(OrderStatus.REFUNDING));
    }
    Optional<OrderRepository.Transitioned> won =
        from.isEmpty()
            ? Optional.empty()
            : orders.transitionReturning(orderId, from, target, paidBy, clock.instant(), returning);
    if (won.isEmpty()) {
      OrderStatus current =
          orders.lockStatus(orderId).orElseThrow(() -> new OrderNotFoundException("id " + orderId));
      return TransitionOutcome.lost(current);
    }
    record(won.get().order(), won.get().previous(), target, source, detail, paidByOutTradeNo);
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
    record(paid, locked.status(), OrderStatus.PAID, source, detail, outTradeNo);
    return TransitionOutcome.won(OrderStatus.PAID);
  }

  /** The winner's journal row and event, in its transaction. */
  private void record(
      Order order,
      OrderStatus previous,
      OrderStatus target,
      TransitionSource source,
      String detail,
      String paidByOutTradeNo) {
    journal.append(Aggregate.ORDER, order.id(), previous, target, source, detail);
    target
        .event(previous)
        .ifPresent(
            event ->
                outbox.append(
                    Aggregate.ORDER,
                    order.id(),
                    event,
                    fact(order, target, paidByOutTradeNo),
                    payload(order, paidByOutTradeNo)));
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
