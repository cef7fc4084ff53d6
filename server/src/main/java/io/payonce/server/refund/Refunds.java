package io.payonce.server.refund;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.money.InvalidMoneyException;
import io.payonce.server.money.Money;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentQueries;
import io.payonce.server.payment.Payments;
import java.time.Clock;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
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

  private static final Logger log = LoggerFactory.getLogger(Refunds.class);

  private static final Set<OrderStatus> REFUNDABLE =
      EnumSet.of(OrderStatus.PAID, OrderStatus.REFUNDING, OrderStatus.PARTIALLY_REFUNDED);

  private final OrderService orders;
  private final Payments payments;
  private final PaymentQueries queries;
  private final RefundRepository refunds;
  private final RefundExecutor executor;
  private final Journal journal;
  private final TransactionTemplate transactions;
  private final RefundProperties props;
  private final Clock clock;

  Refunds(
      OrderService orders,
      Payments payments,
      PaymentQueries queries,
      RefundRepository refunds,
      RefundExecutor executor,
      Journal journal,
      TransactionTemplate transactions,
      RefundProperties props,
      Clock clock) {
    this.orders = orders;
    this.payments = payments;
    this.queries = queries;
    this.refunds = refunds;
    this.executor = executor;
    this.journal = journal;
    this.transactions = transactions;
    this.props = props;
    this.clock = clock;
  }

  /**
   * Requests a refund and makes the first attempt. The same number again — one after the other or
   * at the same moment, on any instance — gets the first request's refund, never a second one.
   *
   * @param amount the amount in major units, in the order's currency ("12.34" for CNY)
   * @throws OrderNotFoundException no such order
   * @throws OrderNotPaidException nothing was paid: the channel said so of every open payment
   * @throws io.payonce.server.payment.ChannelUnavailableException whether the order was paid is not
   *     known right now (the channel could not answer): nothing was decided, ask again
   * @throws InvalidMoneyException the amount is not a positive amount of the order's currency
   * @throws RefundConflictException the number was used for another amount
   * @throws RefundExceedsPaymentException it would refund more than was paid (always, once the
   *     order is fully refunded)
   */
  public Refund request(OrderRef ref, String outRequestNo, String amount, String reason) {
    String orderNo = ref.orderNo();
    Order found = orders.find(ref).orElseThrow(() -> new OrderNotFoundException(orderNo));
    long amountMinor = positive(Money.parse(amount, found.amount().currency()));
    // The buyer may have paid a moment ago, its notify still on the way: ask before refusing.
    Order order = found.paidBy() == null ? queries.learnWhetherPaid(found) : found;
    Payment payment = payingPayment(order).orElseThrow(() -> new OrderNotPaidException(orderNo));
    Optional<Refund> existing = refunds.findByRequest(payment.payId(), outRequestNo);
    if (existing.isPresent()) {
      return repeat(existing.get(), amountMinor);
    }
    Opened opened;
    try {
      opened =
          transactions.execute(status -> open(order, payment, outRequestNo, amountMinor, reason));
    } catch (DuplicateKeyException concurrentTwin) {
      return repeat(
          refunds.findByRequest(payment.payId(), outRequestNo).orElseThrow(), amountMinor);
    } catch (RefundExceedsPaymentException refused) {
      // A twin that took the room is this request's answer, even where the lookup under the lock
      // missed it (three twins on H2 answered [200, 422, 200] twice, with the order REFUNDING
      // and the room taken): asked again, after this transaction, it is found.
      Optional<Refund> twin = refunds.findByRequest(payment.payId(), outRequestNo);
      if (twin.isEmpty()) {
        throw refused;
      }
      log.info(
          "refund twin found after its room was refused outRequestNo={}",
          io.payonce.server.log.Untrusted.forLog(outRequestNo));
      return repeat(twin.get(), amountMinor);
    }
    return opened.twin() == null ? attempt(opened.id()) : repeat(opened.twin(), amountMinor);
  }

  private static long positive(Money amount) {
    if (!amount.isPositive()) {
      throw new InvalidMoneyException("amount must be more than zero");
    }
    return amount.minorUnits();
  }

  /** A refund opened by this request, or the twin that another request with its number opened. */
  private record Opened(long id, Refund twin) {}

  /**
   * The channel told us (a refund notification) that a refund of the payment {@code outTradeNo}
   * settled: the channel is asked at once (not at the refund's next attempt) and its answer
   * recorded. The notification is a trigger, the channel's own answer the evidence; a refund we do
   * not know is none of ours to record.
   *
   * @return the refund as it stands afterwards, if we know it
   * @throws RefundReportUnheardException when the report must be delivered again
   */
  public Optional<Refund> settleReported(String outTradeNo, String outRequestNo) {
    return payments
        .findByOutTradeNo(outTradeNo)
        .flatMap(payment -> refunds.findByRequest(payment.payId(), outRequestNo))
        .map(refund -> executor.confirmReported(refund.id()));
  }

  public List<Refund> ofOrder(OrderRef ref) {
    Order order = orders.find(ref).orElseThrow(() -> new OrderNotFoundException(ref.orderNo()));
    return refunds.findByOrder(order.id());
  }

  /** The refunds of one payment, oldest first; joins the caller's transaction. */
  public List<Refund> ofPayment(long payId) {
    return refunds.findByPayment(payId);
  }

  private Opened open(
      Order order, Payment payment, String outRequestNo, long amountMinor, String reason) {
    // The order row first: refunds of one order are serialized, and its status follows them.
    OrderStatus status = orders.lockStatus(order.id()).orElseThrow();
    // Under the lock, before the cap: a twin committed meanwhile is this request's answer (the
    // read, the first of this transaction, sees every refund committed before the lock was ours).
    Optional<Refund> twin = refunds.findByRequest(payment.payId(), outRequestNo);
    if (twin.isPresent()) {
      return new Opened(twin.get().id(), twin.get());
    }
    if (status == OrderStatus.REFUNDED) {
      // Everything paid went back: the same answer as a request that lost the race to the last
      // refund, whichever of the two this request turns out to be.
      throw exceeds(payment, outRequestNo, "order already refunded");
    }
    if (!REFUNDABLE.contains(status)) {
      throw new OrderNotPaidException(order.orderNo());
    }
    if (!payments.reserveRefund(payment.payId(), amountMinor)) {
      throw exceeds(payment, outRequestNo, "no room left on the payment, order " + status);
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
    return new Opened(id, null);
  }

  // Both refusals answer alike; the log says which one it was.
  private static RefundExceedsPaymentException exceeds(
      Payment payment, String outRequestNo, String why) {
    log.info(
        "refund refused outTradeNo={} payId={} outRequestNo={} reason={}",
        payment.outTradeNo(),
        payment.payId(),
        io.payonce.server.log.Untrusted.forLog(outRequestNo),
        why);
    return new RefundExceedsPaymentException(payment.outTradeNo());
  }

  /**
   * The answer to a request whose number was used before: that refund, once the attempt under way
   * has had a moment (bounded) to finish, as the first request would have answered.
   */
  private Refund repeat(Refund refund, long amountMinor) {
    if (refund.amountMinor() != amountMinor) {
      throw new RefundConflictException(refund.outRequestNo());
    }
    return refund.status() == RefundStatus.PENDING ? attempt(refund.id()) : refund;
  }

  /**
   * An attempt at the refund, or — when another request holds the attempt — that attempt's answer,
   * awaited for a moment (bounded): twins answer alike, whichever of them reached the channel.
   */
  private Refund attempt(long refundId) {
    Refund current = executor.drive(refundId);
    Instant deadline = clock.instant().plus(props.twinWait());
    long pauseMillis = 20;
    // Pending without a note of an unknown outcome: another request's attempt is under way.
    while (current.status() == RefundStatus.PENDING
        && current.detail() == null
        && clock.instant().isBefore(deadline)) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pauseMillis));
      pauseMillis = Math.min(pauseMillis * 2, 200);
      current = refunds.findById(current.id()).orElseThrow();
    }
    return current;
  }

  /** The payment that paid the order, as the order names it. */
  private Optional<Payment> payingPayment(Order order) {
    return Optional.ofNullable(order.paidBy()).flatMap(payments::findById);
  }
}
