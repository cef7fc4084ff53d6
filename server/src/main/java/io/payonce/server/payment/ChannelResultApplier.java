package io.payonce.server.payment;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.order.OrderTransitions;
import io.payonce.server.outbox.OutboxWriter;
import java.time.Clock;
import java.util.Optional;
import org.springframework.context.ApplicationEventPublisher;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * {@code applyChannelResult}: the one path by which what a channel says about a trade reaches our
 * books — notify, query, close, janitor and reconciliation all come here. The channel's word that
 * money was taken is a fact, not a request: it is recorded even for a payment we had closed.
 */
@Service
public class ChannelResultApplier {

  private final PaymentRepository payments;
  private final PaymentTransitions transitions;
  private final OrderTransitions orderTransitions;
  private final AppliedFacts facts;
  private final Alarms alarms;
  private final DuplicatePaymentHandler duplicates;
  private final ReversalRecorder reversals;
  private final PaymentProperties props;
  private final io.payonce.server.order.OrderService orders;
  private final TransactionTemplate transactions;
  private final Journal journal;
  private final OutboxWriter outbox;
  private final ApplicationEventPublisher events;
  private final Clock clock;

  ChannelResultApplier(
      PaymentRepository payments,
      PaymentTransitions transitions,
      OrderTransitions orderTransitions,
      AppliedFacts facts,
      Alarms alarms,
      DuplicatePaymentHandler duplicates,
      ReversalRecorder reversals,
      PaymentProperties props,
      io.payonce.server.order.OrderService orders,
      TransactionTemplate transactions,
      Journal journal,
      OutboxWriter outbox,
      ApplicationEventPublisher events,
      Clock clock) {
    this.payments = payments;
    this.transitions = transitions;
    this.orderTransitions = orderTransitions;
    this.facts = facts;
    this.alarms = alarms;
    this.duplicates = duplicates;
    this.reversals = reversals;
    this.props = props;
    this.orders = orders;
    this.transactions = transactions;
    this.journal = journal;
    this.outbox = outbox;
    this.events = events;
    this.clock = clock;
  }

  /**
   * Applies what the channel says about a trade.
   *
   * @param fact the notify's fact to record at most once in the same transaction, or null for
   *     results we asked for (query, close), which the conditional UPDATE alone keeps idempotent
   */
  public ApplyResult apply(ChannelTrade trade, TransitionSource source, ChannelFact fact) {
    return apply(trade, source, fact, null);
  }

  /**
   * Applies what a notify says about a trade, once its route is checked against the payment's own
   * channel configuration — on the same read that finds the payment and its fact.
   *
   * @param route where the notify came from; null for results that need no such check
   */
  public ApplyResult apply(
      ChannelTrade trade, TransitionSource source, ChannelFact fact, NotifyRoute route) {
    // A fact applied before is answered from this one read: no transaction, no lock, no write.
    Optional<PaymentRepository.PaymentWithFact> read =
        fact == null
            ? payments
                .findByOutTradeNo(trade.outTradeNo())
                .map(p -> new PaymentRepository.PaymentWithFact(p, false))
            : payments.findWithFact(trade.outTradeNo(), fact);
    Optional<Payment> found = read.map(PaymentRepository.PaymentWithFact::payment);
    if (found.isEmpty()) {
      alarms.raise(
          AlarmType.UNKNOWN_PAYMENT,
          fact == null ? null : fact.channel(),
          trade.outTradeNo(),
          source + " reported " + trade.state() + " trade_no=" + trade.tradeNo());
      return new ApplyResult(ApplyResult.Kind.UNKNOWN_PAYMENT, null);
    }
    Payment payment = found.get();
    Optional<String> misrouted =
        route == null ? Optional.empty() : NotifyRouting.mismatch(payment, route);
    if (misrouted.isPresent()) {
      alarms.raise(
          AlarmType.APP_ID_MISMATCH,
          payment.channel().name(),
          payment.outTradeNo(),
          misrouted.get());
      return new ApplyResult(ApplyResult.Kind.CONFIG_MISMATCH, payment.status());
    }
    if (trade.state().paid() && trade.totalAmountMinor() != payment.amount().minorUnits()) {
      alarms.raise(
          AlarmType.AMOUNT_MISMATCH,
          payment.channel().name(),
          payment.outTradeNo(),
          source
              + " reported "
              + trade.totalAmountMinor()
              + " minor units paid, payment is "
              + payment.amount().minorUnits());
      return new ApplyResult(ApplyResult.Kind.AMOUNT_MISMATCH, payment.status());
    }
    if (read.get().applied()) {
      return new ApplyResult(ApplyResult.Kind.DUPLICATE, payment.status());
    }
    // Every transition out of the order's payable slot locks the order row before the payment
    // (PaymentTransitions; succeed takes it itself, for the order's status), so two of them, or
    // one and an opener, wait for each other instead of deadlocking.
    try {
      return transactions.execute(status -> applyInTransaction(payment, trade, source, fact));
    } catch (FactAlreadyApplied duplicate) {
      return new ApplyResult(ApplyResult.Kind.DUPLICATE, currentStatus(payment));
    }
  }

  private ApplyResult applyInTransaction(
      Payment payment, ChannelTrade trade, TransitionSource source, ChannelFact fact) {
    if (fact != null) {
      try {
        facts.insert(fact, payment.outTradeNo(), clock.instant());
      } catch (DuplicateKeyException e) {
        // The transaction is unusable on PostgreSQL now: leave it, rolled back, and say so.
        throw new FactAlreadyApplied();
      }
    }
    return switch (trade.state()) {
      case SUCCESS, FINISHED -> succeed(payment, trade, source);
      // Paid and a refund begun: a payment we were reversing (and never refunded) was given back
      // by the reversal; any other was paid.
      case REFUNDING ->
          payment.status() == PaymentStatus.CANCELLING
              ? reversed(payment, trade, source)
              : succeed(payment, trade, source);
      case WAIT_BUYER_PAY ->
          move(payment, PaymentStatus.PAYING, source, "buyer opened the trade", trade);
      case CLOSED -> move(payment, PaymentStatus.CLOSED, source, "channel closed the trade", trade);
      case NOT_FOUND, OPEN -> new ApplyResult(ApplyResult.Kind.NO_CHANGE, payment.status());
      case REFUNDED -> reversed(payment, trade, source);
    };
  }

  /**
   * The channel says the trade was paid and then given back in full, and our books do not have it
   * paid: both facts are recorded — the payment SUCCESS and a completed refund of all of it — and
   * the order stays unpaid. A payment our books have paid already has its refunds: nothing to add.
   * A payment being reversed is settled by its reversal's own answer.
   */
  private ApplyResult reversed(Payment payment, ChannelTrade trade, TransitionSource source) {
    Optional<PaymentRepository.Transitioned> won =
        transitions.applyReturning(
            payment.payId(),
            PaymentStatus.SUCCESS,
            source,
            "paid, then refunded in full at the channel trade_no=" + trade.tradeNo(),
            ChannelFields.tradeNo(trade.tradeNo()));
    if (won.isEmpty()) {
      return new ApplyResult(
          ApplyResult.Kind.NO_CHANGE,
          payments.lockStatus(payment.payId()).orElseThrow(() -> notFound(payment)));
    }
    alarms.raiseWithChange(
        AlarmType.CHANNEL_INCONSISTENT,
        payment.channel().name(),
        payment.outTradeNo(),
        "the channel's trade was paid and refunded in full before our books saw it paid ("
            + source
            + "); recorded as paid and reversed");
    reversals.onReversed(won.get().payment(), clock.instant());
    return new ApplyResult(ApplyResult.Kind.APPLIED, PaymentStatus.SUCCESS);
  }

  private ApplyResult succeed(Payment payment, ChannelTrade trade, TransitionSource source) {
    // The journal's and the outbox's rows of the payment and its order go in one insert each.
    return journal.batching(() -> outbox.batching(() -> succeedBatched(payment, trade, source)));
  }

  private ApplyResult succeedBatched(Payment payment, ChannelTrade trade, TransitionSource source) {
    // The order row before the payment's, as every transition out of the slot takes it: two
    // payments succeeding at once see each other, and nothing else moves the order meanwhile.
    Order order = orders.lock(payment.orderId()).orElseThrow();
    OrderStatus orderStatus = order.status();
    Optional<PaymentRepository.Transitioned> won =
        transitions.applyReturningUnderOrderLock(
            payment.payId(),
            PaymentStatus.SUCCESS,
            source,
            "paid trade_no=" + trade.tradeNo(),
            ChannelFields.tradeNo(trade.tradeNo()));
    if (won.isEmpty()) {
      return new ApplyResult(
          ApplyResult.Kind.NO_CHANGE,
          payments.lockStatus(payment.payId()).orElseThrow(() -> notFound(payment)));
    }
    PaymentStatus previous = won.get().previous();
    String channel = payment.channel().name();
    boolean cancelled = orderStatus == OrderStatus.CLOSED;
    boolean takesIt =
        orderStatus.isPayable()
            || (cancelled
                && props.lateSuccessOnClosedOrder() == PaymentProperties.LateSuccessPolicy.ACCEPT);
    if (previous == PaymentStatus.CLOSED || previous == PaymentStatus.FAIL) {
      alarms.raiseWithChange(
          AlarmType.PAID_AFTER_CLOSE,
          channel,
          payment.outTradeNo(),
          "money taken after the payment was "
              + previous
              + "; recorded as SUCCESS ("
              + source
              + ")");
    }
    if (!takesIt) {
      String why =
          "payment succeeded (" + source + ") while its order is " + orderStatus + ": refunding it";
      alarms.raiseWithChange(AlarmType.DUPLICATE_PAYMENT, channel, payment.outTradeNo(), why);
      duplicates.onDuplicate(won.get().payment(), why);
      return new ApplyResult(ApplyResult.Kind.APPLIED, PaymentStatus.SUCCESS);
    }
    orderTransitions.markPaid(
        order, payment.payId(), payment.outTradeNo(), source, "paid by " + payment.outTradeNo());
    if (previous == PaymentStatus.CLOSED || previous == PaymentStatus.FAIL) {
      // A payment the order had moved on from paid it: the one in flight since is unwanted.
      payments
          .findInFlight(order.id())
          .ifPresent(
              sibling ->
                  events.publishEvent(
                      new PaidOrderSiblings.Unwanted(sibling, payment.outTradeNo())));
    }
    return new ApplyResult(ApplyResult.Kind.APPLIED, PaymentStatus.SUCCESS);
  }

  private static PaymentNotFoundException notFound(Payment payment) {
    return new PaymentNotFoundException("id " + payment.payId());
  }

  private ApplyResult move(
      Payment payment,
      PaymentStatus target,
      TransitionSource source,
      String detail,
      ChannelTrade trade) {
    TransitionOutcome<PaymentStatus> outcome =
        transitions.apply(
            payment.payId(), target, source, detail, ChannelFields.tradeNo(trade.tradeNo()));
    return new ApplyResult(
        outcome.won() ? ApplyResult.Kind.APPLIED : ApplyResult.Kind.NO_CHANGE, outcome.current());
  }

  private PaymentStatus currentStatus(Payment payment) {
    return payments.findById(payment.payId()).map(Payment::status).orElse(payment.status());
  }

  /** Unwinds the transaction of a fact that was applied before. */
  private static final class FactAlreadyApplied extends RuntimeException {
    FactAlreadyApplied() {
      super(null, null, false, false);
    }
  }
}
