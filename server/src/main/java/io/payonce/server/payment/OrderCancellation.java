package io.payonce.server.payment;

import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.order.OrderTransitions;
import java.time.Duration;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * POST /pay/close: the merchant cancels an order. Its payment in flight is closed at the channel
 * first, then here; if the buyer had paid, the payment becomes SUCCESS and the order is not closed.
 * An unscanned code is closed here and watched until it expires (see {@link CloseResult}); should
 * the buyer pay it all the same, the payment is recorded and — the order being cancelled — refunded
 * automatically (see {@link PaymentProperties#lateSuccessOnClosedOrder()}).
 */
@Service
public class OrderCancellation {

  private static final int ROUNDS = 3;
  private static final Duration RETRY_AFTER = Duration.ofSeconds(1);

  private final OrderService orders;
  private final OrderTransitions orderTransitions;
  private final PaymentRepository payments;
  private final PaymentCloser closer;

  OrderCancellation(
      OrderService orders,
      OrderTransitions orderTransitions,
      PaymentRepository payments,
      PaymentCloser closer) {
    this.orders = orders;
    this.orderTransitions = orderTransitions;
    this.payments = payments;
    this.closer = closer;
  }

  /**
   * Cancels the order.
   *
   * @throws OrderNotPayableException if it is paid (possibly just now, found while closing)
   * @throws ChannelUnavailableException if the channel's answer about its payment is unknown
   */
  public Order cancel(OrderRef ref) {
    Order order = orders.find(ref).orElseThrow(() -> new OrderNotFoundException(ref.orderNo()));
    if (order.status() == OrderStatus.CLOSED) {
      // A retry of a cancel whose last channel close went unanswered: finish the job.
      closeInFlight(order);
      return orders.findById(order.id()).orElseThrow();
    }
    if (!order.status().isPayable()) {
      throw new OrderNotPayableException(order.id(), order.status());
    }
    closeInFlight(order);
    TransitionOutcome<OrderStatus> closed =
        orderTransitions.apply(order.id(), OrderStatus.CLOSED, TransitionSource.API, "cancelled");
    if (!closed.won() && closed.current() != OrderStatus.CLOSED) {
      throw new OrderNotPayableException(order.id(), closed.current());
    }
    // A precreate that slipped in between the two steps finds the order closed from now on;
    // whatever it opened is closed too.
    closeInFlight(order);
    return orders.findById(order.id()).orElseThrow();
  }

  private void closeInFlight(Order order) {
    for (int round = 0; round < ROUNDS; round++) {
      Optional<Payment> inFlight = payments.findInFlight(order.id());
      if (inFlight.isEmpty()) {
        return;
      }
      Payment payment = inFlight.get();
      if (payment.status() == PaymentStatus.CANCELLING) {
        // Being reversed at the channel: it ends unpaid or refunded in full, never paying the
        // order.
        return;
      }
      switch (closer.close(payment, "order cancelled")) {
        case PAID -> throw new OrderNotPayableException(order.id(), OrderStatus.PAID);
        case UNKNOWN -> throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
        case CLOSED, CLOSED_WATCHING -> {}
      }
    }
    throw new ChannelUnavailableException(order.orderNo(), RETRY_AFTER);
  }
}
