package io.payonce.server.order;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import java.time.Clock;
import java.util.Optional;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * The order module's face to the others: creates orders idempotently (the unique order number
 * decides, never a check before the insert), reads them, and takes an order's row lock for a caller
 * that is about to move its payments. Opening a payment and every transition out of the order's
 * payable slot take it before touching the payment (PaymentOpener, PaymentTransitions); a
 * transition within the slot (INIT to PRECREATED, PAYING, CANCELLING) does not need it.
 */
@Service
public class OrderService {

  private final OrderRepository orders;
  private final Journal journal;
  private final TransactionTemplate transactions;
  private final Clock clock;

  OrderService(
      OrderRepository orders, Journal journal, TransactionTemplate transactions, Clock clock) {
    this.orders = orders;
    this.journal = journal;
    this.transactions = transactions;
    this.clock = clock;
  }

  /**
   * Creates the order, or returns the existing one if the same number was created with the same
   * fields.
   *
   * @throws OrderConflictException if the number names an order with different fields
   */
  public OrderCreation create(NewOrder request) {
    try {
      return new OrderCreation(transactions.execute(status -> insert(request)), true);
    } catch (DuplicateKeyException duplicate) {
      // The failed INSERT ended its transaction (PostgreSQL aborts it): read in a new one.
      Order existing = find(request.ref()).orElseThrow(() -> duplicate);
      if (!existing.matches(request)) {
        throw new OrderConflictException(request.orderNo());
      }
      return new OrderCreation(existing, false);
    }
  }

  /** The app's order with this number, read in a transaction of its own. */
  public Optional<Order> find(OrderRef ref) {
    return transactions.execute(status -> orders.findByRef(ref));
  }

  /** The orders of every app with this number, oldest first: for the operator's console only. */
  public java.util.List<Order> findAnyApp(String orderNo) {
    return transactions.execute(status -> orders.findByOrderNo(orderNo));
  }

  /** The order with this id, in the caller's transaction if there is one. */
  public Optional<Order> findById(long id) {
    return orders.findById(id);
  }

  /** Locks the order row until the caller's transaction ends and returns it. */
  public Optional<Order> lock(long id) {
    return orders.lock(id);
  }

  /** Locks the order row until the caller's transaction ends and returns its status. */
  public Optional<OrderStatus> lockStatus(long id) {
    return orders.lockStatus(id);
  }

  /**
   * Locks the order row until the caller's transaction ends if the order is payable (no concurrent
   * transition can pay or close it meanwhile).
   *
   * @return false if it is not (or no longer) payable
   */
  public boolean lockIfPayable(long id, java.time.Instant now) {
    return orders.lockIfPayable(id, now);
  }

  private Order insert(NewOrder request) {
    long id = orders.insert(request, clock.instant());
    journal.append(
        Aggregate.ORDER, id, null, OrderStatus.CREATED, TransitionSource.API, "order created");
    return orders.findById(id).orElseThrow();
  }
}
