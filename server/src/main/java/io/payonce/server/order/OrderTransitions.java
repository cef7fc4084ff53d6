package io.payonce.server.order;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.outbox.OutboxWriter;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;
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
  private final Clock clock;

  OrderTransitions(OrderRepository orders, Journal journal, OutboxWriter outbox, Clock clock) {
    this.orders = orders;
    this.journal = journal;
    this.outbox = outbox;
    this.clock = clock;
  }

  /**
   * Moves an order to {@code target} if the transition table allows it from its current status.
   *
   * @throws OrderNotFoundException if there is no such order
   */
  @Transactional
  public TransitionOutcome<OrderStatus> apply(
      long orderId, OrderStatus target, TransitionSource source, String detail) {
    Set<OrderStatus> from = OrderStatus.allowedFrom(target, source.isChannelEvidence());
    if (from.isEmpty() || orders.transition(orderId, from, target, clock.instant()) == 0) {
      OrderStatus current =
          orders.lockStatus(orderId).orElseThrow(() -> new OrderNotFoundException("id " + orderId));
      return TransitionOutcome.lost(current);
    }
    OrderStatus previous = orders.previousStatus(orderId);
    journal.append(Aggregate.ORDER, orderId, previous, target, source, detail);
    target
        .event()
        .ifPresent(event -> outbox.append(Aggregate.ORDER, orderId, event, payload(orderId)));
    return TransitionOutcome.won(target);
  }

  private Map<String, Object> payload(long orderId) {
    Order order = orders.findById(orderId).orElseThrow();
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("orderId", order.id());
    payload.put("orderNo", order.orderNo());
    payload.put("userId", order.userId());
    payload.put("amount", order.amount().toDecimalString());
    payload.put("currency", order.amount().currency());
    payload.put("status", order.status().name());
    return payload;
  }
}
