package io.payonce.server.payment;

import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.springframework.stereotype.Service;

/**
 * GET /pay/query: the order's payment as we know it and, when it has been pending for a while, as
 * the channel knows it — the answer goes through {@link ChannelResultApplier} like a notify's, so a
 * lost notify is made good by the buyer's own page polling. Queries are rate-limited per payment
 * across all instances.
 */
@Service
public class PaymentQueries {

  private static final Duration MIN_RETRY_AFTER = Duration.ofSeconds(1);

  private final OrderService orders;
  private final PaymentRepository payments;
  private final PaymentChannels channels;
  private final ChannelResultApplier applier;
  private final PaymentProperties props;
  private final Clock clock;

  PaymentQueries(
      OrderService orders,
      PaymentRepository payments,
      PaymentChannels channels,
      ChannelResultApplier applier,
      PaymentProperties props,
      Clock clock) {
    this.orders = orders;
    this.payments = payments;
    this.channels = channels;
    this.applier = applier;
    this.props = props;
    this.clock = clock;
  }

  /**
   * An order and the payment that matters most: the one that paid it, else the one in flight, else
   * the latest that did not succeed (a success that did not pay the order — a duplicate, a reversal
   * — is never shown as the order's payment).
   */
  public record OrderPayment(Order order, Payment payment) {}

  public OrderPayment query(OrderRef ref) {
    Order order = orders.find(ref).orElseThrow(() -> new OrderNotFoundException(ref.orderNo()));
    Optional<Payment> payment = mainPayment(order);
    if (payment.isPresent() && askChannel(payment.get())) {
      order = orders.findById(order.id()).orElseThrow();
      payment = payments.findById(payment.get().payId());
    }
    return new OrderPayment(order, payment.orElse(null));
  }

  /**
   * Asks the channel about every payment of the order still open to the buyer (not being reversed)
   * and records what it says: for a request that would otherwise answer "not paid" while the buyer
   * may have paid and the notify is on its way. Each open payment is asked at most once, and not
   * again within {@link PaymentProperties#queryInterval()} of the last ask (by any request or
   * instance): a merchant repeating a refund of an unpaid order costs the channel one query per
   * payment and interval.
   *
   * @return the order as it stands afterwards; unpaid only if the channel said so of every open
   *     payment
   * @throws ChannelUnavailableException the channel could not say (an error, a timeout) or was
   *     asked a moment ago by another request, and the order is not known paid: unknown, not "no"
   */
  public Order learnWhetherPaid(Order order) {
    if (order.paidBy() != null) {
      return order;
    }
    Instant now = clock.instant();
    String failed = null;
    String busy = null;
    boolean asked = false;
    for (Payment payment : payments.findByOrderId(order.id())) {
      if (!payment.status().isInFlight() || payment.status() == PaymentStatus.CANCELLING) {
        continue;
      }
      asked = true;
      if (!payments.claimQuery(payment.payId(), now, now.plus(props.queryInterval()))) {
        busy = payment.outTradeNo();
      } else if (!learned(payment)) {
        failed = payment.outTradeNo();
      }
    }
    if (!asked) {
      // Nothing in flight now: a payment this order had in flight when it was read may have been
      // recorded since (another request's query, a notify) — with its order, in one transaction.
      return orders.findById(order.id()).orElseThrow();
    }
    Order after = orders.findById(order.id()).orElseThrow();
    if (after.paidBy() == null && failed == null && busy != null) {
      // Another request is asking (or just asked): what it learns is this request's answer too.
      after = awaitPaid(after);
    }
    if (after.paidBy() == null && (failed != null || busy != null)) {
      throw new ChannelUnavailableException(failed != null ? failed : busy, unknownRetryAfter());
    }
    return after;
  }

  /** The order once paid, or as it stands after {@link PaymentProperties#duplicateWait()}. */
  private Order awaitPaid(Order order) {
    Instant deadline = clock.instant().plus(props.duplicateWait());
    long pauseMillis = 20;
    Order current = order;
    while (current.paidBy() == null && clock.instant().isBefore(deadline)) {
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pauseMillis));
      pauseMillis = Math.min(pauseMillis * 2, 200);
      current = orders.findById(order.id()).orElseThrow();
    }
    return current;
  }

  /** Whether the channel answered about the payment (its answer recorded). */
  private boolean learned(Payment payment) {
    var channel = channels.find(payment.channel(), payment.channelConfig());
    if (channel.isEmpty()
        || !(channel.get().query(payment.outTradeNo())
            instanceof ChannelOutcome.Done<ChannelTrade> done)) {
      return false;
    }
    applier.apply(done.value(), TransitionSource.QUERY, null);
    return true;
  }

  private Duration unknownRetryAfter() {
    return props.queryInterval().compareTo(MIN_RETRY_AFTER) > 0
        ? props.queryInterval()
        : MIN_RETRY_AFTER;
  }

  private boolean askChannel(Payment payment) {
    Instant now = clock.instant();
    if (!isPending(payment.status()) || payment.createdAt().plus(props.queryAfter()).isAfter(now)) {
      return false;
    }
    if (!payments.claimQuery(payment.payId(), now, now.plus(props.queryInterval()))) {
      return false;
    }
    var channel = channels.find(payment.channel(), payment.channelConfig());
    if (channel.isEmpty()) {
      return false;
    }
    ChannelOutcome<ChannelTrade> outcome = channel.get().query(payment.outTradeNo());
    if (outcome instanceof ChannelOutcome.Done<ChannelTrade> done) {
      applier.apply(done.value(), TransitionSource.QUERY, null);
      io.payonce.server.chaos.CrashPoints.reach("after-success-commit");
      return true;
    }
    return false;
  }

  private static boolean isPending(PaymentStatus status) {
    return status.isInFlight();
  }

  private Optional<Payment> mainPayment(Order order) {
    List<Payment> all = payments.findByOrderId(order.id());
    return all.stream()
        .filter(p -> Long.valueOf(p.payId()).equals(order.paidBy()))
        .findFirst()
        .or(() -> all.stream().filter(p -> p.status().isInFlight()).findFirst())
        .or(
            () ->
                all.stream()
                    .filter(p -> p.status() != PaymentStatus.SUCCESS)
                    .max(Comparator.comparingLong(Payment::payId)));
  }
}
