package io.payonce.server.refund;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.RefundResult;
import io.payonce.server.channel.RefundState;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.money.Money;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.order.OrderTransitions;
import io.payonce.server.payment.Payments;
import java.time.Clock;
import java.time.Instant;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Drives a pending refund to its end: claims the attempt (one caller at a time), asks the channel —
 * after an unknown outcome, first whether the refund was made — and records SUCCESS or FAIL in one
 * transaction with the order's status and the RefundSucceeded event. Unknown stays PENDING.
 */
@Service
public class RefundExecutor {

  private static final Logger log = LoggerFactory.getLogger(RefundExecutor.class);

  private final RefundRepository refunds;
  private final Payments payments;
  private final OrderService orders;
  private final OrderTransitions orderTransitions;
  private final PaymentChannels channels;
  private final Journal journal;
  private final RefundEvents events;
  private final TransactionTemplate transactions;
  private final RefundProperties props;
  private final Clock clock;
  private final Alarms alarms;

  RefundExecutor(
      RefundRepository refunds,
      Payments payments,
      OrderService orders,
      OrderTransitions orderTransitions,
      PaymentChannels channels,
      Journal journal,
      RefundEvents events,
      TransactionTemplate transactions,
      RefundProperties props,
      Clock clock,
      Alarms alarms) {
    this.refunds = refunds;
    this.payments = payments;
    this.orders = orders;
    this.orderTransitions = orderTransitions;
    this.channels = channels;
    this.journal = journal;
    this.events = events;
    this.transactions = transactions;
    this.props = props;
    this.clock = clock;
    this.alarms = alarms;
  }

  /**
   * The channel reported news of a pending refund (WeChat's REFUND.* notify): ask it now rather
   * than at the refund's next attempt, and settle what the answer proves. No claim is taken — the
   * answer is evidence, and the settling update is conditional, so an attempt running meanwhile and
   * this report settle the refund once between them; a refund not proven made is left to its
   * attempts. A report of a refund recorded FAIL is asked about too: should the channel have made
   * it after all (an attempt whose outcome was lost landed after the next one was refused), the
   * books disagree with the channel's money and an operator is alarmed — never dropped unheard.
   *
   * @throws RefundReportUnheardException for a refund recorded FAIL whose query was not answered:
   *     no attempt will ask about it later, so the report must be delivered again
   */
  public Refund confirmReported(long refundId) {
    Refund refund = refunds.findById(refundId).orElseThrow();
    if (refund.status() == RefundStatus.SUCCESS) {
      return refund;
    }
    PaymentChannel channel = channelOf(payments.findById(refund.payId()).orElseThrow());
    ChannelOutcome<RefundState> known =
        channel.refundQuery(refund.outTradeNo(), refund.outRequestNo());
    if (known instanceof ChannelOutcome.Done<RefundState> done && done.value().succeeded()) {
      return complete(refund, RefundStatus.SUCCESS, "reported by the channel, confirmed by query");
    }
    if (refund.status() == RefundStatus.FAIL && !(known instanceof ChannelOutcome.Done)) {
      throw new RefundReportUnheardException(refund.outRequestNo(), known.kind());
    }
    return refunds.findById(refundId).orElseThrow();
  }

  /** One attempt at the refund, if nobody else is making one; returns the refund as it stands. */
  public Refund drive(long refundId) {
    Instant now = clock.instant();
    Refund refund = refunds.findById(refundId).orElseThrow();
    String attempt = UUID.randomUUID().toString();
    if (refund.status() != RefundStatus.PENDING
        || !refunds.claimAttempt(refundId, attempt, now, now.plus(props.retryAfter()))) {
      return refund;
    }
    PaymentChannel channel = channelOf(payments.findById(refund.payId()).orElseThrow());
    if (refund.detail() != null) {
      // An earlier attempt's outcome was unknown: the channel may have made it already.
      ChannelOutcome<RefundState> known =
          channel.refundQuery(refund.outTradeNo(), refund.outRequestNo());
      if (known instanceof ChannelOutcome.Done<RefundState> done && done.value().succeeded()) {
        return complete(refund, RefundStatus.SUCCESS, "confirmed by refund query");
      }
      if (!(known instanceof ChannelOutcome.Done<RefundState>)) {
        return refund;
      }
    }
    ChannelOutcome<RefundResult> outcome =
        channel.refund(
            refund.outTradeNo(),
            refund.outRequestNo(),
            Money.ofMinor(refund.amountMinor(), refund.currency()),
            refund.reason());
    io.payonce.server.chaos.CrashPoints.reach("after-channel-answer");
    if (outcome instanceof ChannelOutcome.Done<RefundResult> done) {
      if (done.value().fundChange()) {
        return complete(refund, RefundStatus.SUCCESS, "refunded by the channel");
      }
      // No money moved on this call: a repeat of a refund made before, or one not made yet. The
      // channel asks us to confirm with a refund query before believing either.
      return confirmed(refund, channel, "the channel moved no money on this call");
    }
    if (outcome instanceof ChannelOutcome.Refused<RefundResult> refused) {
      // Only while this attempt still holds the refund: one that took it over meanwhile has asked
      // the channel again, and its answer (perhaps a refund made) is the one that counts.
      return complete(refund, RefundStatus.FAIL, "refused: " + refused.subCode(), attempt);
    }
    markUnknown(refund, ((ChannelOutcome.Unknown<RefundResult>) outcome).reason());
    return refunds.findById(refundId).orElseThrow();
  }

  private Refund confirmed(Refund refund, PaymentChannel channel, String why) {
    ChannelOutcome<RefundState> known =
        channel.refundQuery(refund.outTradeNo(), refund.outRequestNo());
    if (known instanceof ChannelOutcome.Done<RefundState> done && done.value().succeeded()) {
      return complete(refund, RefundStatus.SUCCESS, why + "; confirmed by refund query");
    }
    markUnknown(refund, why + ", not confirmed by refund query");
    return refunds.findById(refund.id()).orElseThrow();
  }

  private void markUnknown(Refund refund, String reason) {
    transactions.executeWithoutResult(
        status -> {
          refunds.noteUnknown(refund.id(), "outcome unknown: " + reason, clock.instant());
          journal.append(
              Aggregate.REFUND,
              refund.id(),
              RefundStatus.PENDING,
              RefundStatus.PENDING,
              TransitionSource.API,
              "outcome unknown (" + reason + "); will ask the channel");
        });
    log.info("refund outcome=UNKNOWN outRequestNo={}", refund.outRequestNo());
  }

  private Refund complete(Refund refund, RefundStatus target, String detail) {
    return complete(refund, target, detail, null);
  }

  /**
   * Records the refund's end in one transaction; with {@code attempt}, only while that attempt
   * still holds the refund. A success the channel proves for a refund recorded FAIL is raised as an
   * alarm: the channel moved money our books say it did not.
   */
  private Refund complete(Refund refund, RefundStatus target, String detail, String attempt) {
    String channel = payments.findById(refund.payId()).orElseThrow().channel().name();
    boolean[] moved = {false};
    transactions.executeWithoutResult(
        status -> {
          if (refund.kind() == RefundKind.MERCHANT) {
            // The order row first, before any read: on MySQL/MariaDB a transaction's snapshot is
            // taken at its first plain read, and it must postdate every refund committed before us.
            orders.lockStatus(refund.orderId());
          }
          Instant now = clock.instant();
          int changed =
              attempt == null
                  ? refunds.transition(refund.id(), target, detail, now)
                  : refunds.transitionHolding(refund.id(), attempt, target, detail, now);
          if (changed == 0) {
            return;
          }
          moved[0] = true;
          journal.append(
              Aggregate.REFUND,
              refund.id(),
              RefundStatus.PENDING,
              target,
              TransitionSource.API,
              detail);
          if (target == RefundStatus.FAIL) {
            payments.releaseRefund(refund.payId(), refund.amountMinor());
          } else {
            events.refundSucceeded(refund, channel);
          }
          if (refund.kind() == RefundKind.MERCHANT) {
            long refunded = settleOrder(refund.orderId());
            if (target == RefundStatus.SUCCESS) {
              events.orderRefunded(
                  orders.findById(refund.orderId()).orElseThrow(),
                  refund,
                  refunded,
                  refund.outTradeNo());
            }
          }
        });
    Refund now = refunds.findById(refund.id()).orElseThrow();
    if (moved[0]) {
      log.info("refund outRequestNo={} status={}", refund.outRequestNo(), target);
    } else if (target == RefundStatus.SUCCESS && now.status() == RefundStatus.FAIL) {
      alarms.raise(
          AlarmType.CHANNEL_INCONSISTENT,
          channel,
          refund.outTradeNo(),
          "refund "
              + refund.outRequestNo()
              + " was made by the channel ("
              + detail
              + ") but is recorded FAIL: reconcile it by hand");
    }
    return now;
  }

  /**
   * The order's status from its merchant refunds; the order row is locked first. Returns what the
   * merchant's refunds have given back so far.
   */
  long settleOrder(long orderId) {
    OrderStatus current = orders.lockStatus(orderId).orElseThrow();
    long[] totals = refunds.merchantTotals(orderId);
    long refunded = totals[0];
    long pending = totals[1];
    long paid = orders.findById(orderId).orElseThrow().amount().minorUnits();
    OrderStatus target;
    if (pending > 0) {
      target = OrderStatus.REFUNDING;
    } else if (refunded >= paid) {
      target = OrderStatus.REFUNDED;
    } else if (refunded > 0) {
      target = OrderStatus.PARTIALLY_REFUNDED;
    } else {
      target = OrderStatus.PAID;
    }
    if (current != target) {
      orderTransitions.apply(orderId, target, TransitionSource.API, "refunds settled");
    }
    return refunded;
  }

  /** The channel as the payment's own configuration speaks it: the account that took the money. */
  private PaymentChannel channelOf(io.payonce.server.payment.Payment payment) {
    return channels.get(payment.channel(), payment.channelConfig());
  }
}
