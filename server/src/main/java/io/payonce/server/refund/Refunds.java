package io.payonce.server.refund;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderRepository;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentRepository;
import io.payonce.server.payment.PaymentStatus;
import java.time.Clock;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Merchant refunds: the same out_request_no again returns the same refund and never refunds twice;
 * a new one is a new (partial) refund, accepted only if every refund of the payment together stays
 * within what was paid — decided by a conditional UPDATE, so concurrent requests cannot overshoot.
 */
@Service
public class Refunds {

  private static final Set<OrderStatus> REFUNDABLE =
      EnumSet.of(OrderStatus.PAID, OrderStatus.REFUNDING, OrderStatus.PARTIALLY_REFUNDED);

  private final OrderRepository orders;
  private final PaymentRepository payments;
  private final RefundRepository refunds;
  private final RefundExecutor executor;
  private final Journal journal;
  private final TransactionTemplate transactions;
  private final Clock clock;

  Refunds(
      OrderRepository orders,
      PaymentRepository payments,
      RefundRepository refunds,
      RefundExecutor executor,
      Journal journal,
      TransactionTemplate transactions,
      Clock clock) {
    this.orders = orders;
    this.payments = payments;
    this.refunds = refunds;
    this.executor = executor;
    this.journal = journal;
    this.transactions = transactions;
    this.clock = clock;
  }

  /**
   * Requests a refund and makes the first attempt.
   *
   * @throws OrderNotFoundException no such order
   * @throws OrderNotPaidException nothing was paid
   * @throws RefundConflictException the number was used for another amount
   * @throws RefundExceedsPaymentException it would refund more than was paid
   */
  public Refund request(String orderNo, String outRequestNo, long amountMinor, String reason) {
    Order order =
        orders.findByOrderNo(orderNo).orElseThrow(() -> new OrderNotFoundException(orderNo));
    Payment payment = payingPayment(order).orElseThrow(() -> new OrderNotPaidException(orderNo));
    Optional<Refund> existing = refunds.findByRequest(payment.payId(), outRequestNo);
    if (existing.isPresent()) {
      return repeat(existing.get(), amountMinor);
    }
    long refundId;
    try {
      refundId =
          transactions.execute(status -> open(order, payment, outRequestNo, amountMinor, reason));
    } catch (DuplicateKeyException concurrentTwin) {
      return repeat(
          refunds.findByRequest(payment.payId(), outRequestNo).orElseThrow(), amountMinor);
    }
    return executor.drive(refundId);
  }

  public List<Refund> ofOrder(String orderNo) {
    Order order =
        orders.findByOrderNo(orderNo).orElseThrow(() -> new OrderNotFoundException(orderNo));
    return refunds.findByOrder(order.id());
  }

  private long open(
      Order order, Payment payment, String outRequestNo, long amountMinor, String reason) {
    // The order row first: refunds of one order are serialized, and its status follows them.
    OrderStatus status = orders.lockStatus(order.id()).orElseThrow();
    if (!REFUNDABLE.contains(status)) {
      throw new OrderNotPaidException(order.orderNo());
    }
    if (!payments.reserveRefund(payment.payId(), amountMinor)) {
      throw new RefundExceedsPaymentException(payment.outTradeNo());
    }
    long id =
        refunds.insert(
            payment.payId(),
            order.id(),
            payment.outTradeNo(),
            outRequestNo,
            amountMinor,
            payment.amount().currency(),
            reason,
            RefundKind.MERCHANT,
            clock.instant());
    journal.append(
        Aggregate.REFUND,
        id,
        null,
        RefundStatus.PENDING,
        TransitionSource.API,
        "requested " + outRequestNo);
    executor.settleOrder(order.id());
    return id;
  }

  private Refund repeat(Refund refund, long amountMinor) {
    if (refund.amountMinor() != amountMinor) {
      throw new RefundConflictException(refund.outRequestNo());
    }
    return refund.status() == RefundStatus.PENDING ? executor.drive(refund.id()) : refund;
  }

  /** The payment that paid the order: its first success not being refunded as a duplicate. */
  private Optional<Payment> payingPayment(Order order) {
    List<Refund> duplicates =
        refunds.findByOrder(order.id()).stream()
            .filter(r -> r.kind() == RefundKind.DUPLICATE)
            .toList();
    return payments.findByOrderId(order.id()).stream()
        .filter(p -> p.status() == PaymentStatus.SUCCESS)
        .filter(p -> duplicates.stream().noneMatch(d -> d.payId() == p.payId()))
        .findFirst();
  }
}
