package io.payonce.server.refund;

import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.RefundResult;
import io.payonce.server.channel.RefundState;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.OrderRepository;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.order.OrderTransitions;
import io.payonce.server.outbox.OutboxWriter;
import io.payonce.server.payment.PaymentRepository;
import java.time.Clock;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
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
  private final PaymentRepository payments;
  private final OrderRepository orders;
  private final OrderTransitions orderTransitions;
  private final PaymentChannels channels;
  private final Journal journal;
  private final OutboxWriter outbox;
  private final TransactionTemplate transactions;
  private final RefundProperties props;
  private final Clock clock;

  RefundExecutor(
      RefundRepository refunds,
      PaymentRepository payments,
      OrderRepository orders,
      OrderTransitions orderTransitions,
      PaymentChannels channels,
      Journal journal,
      OutboxWriter outbox,
      TransactionTemplate transactions,
      RefundProperties props,
      Clock clock) {
    this.refunds = refunds;
    this.payments = payments;
    this.orders = orders;
    this.orderTransitions = orderTransitions;
    this.channels = channels;
    this.journal = journal;
    this.outbox = outbox;
    this.transactions = transactions;
    this.props = props;
    this.clock = clock;
  }

  /** One attempt at the refund, if nobody else is making one; returns the refund as it stands. */
  public Refund drive(long refundId) {
    Instant now = clock.instant();
    Refund refund = refunds.findById(refundId).orElseThrow();
    if (refund.status() != RefundStatus.PENDING
        || !refunds.claimAttempt(refundId, now, now.plus(props.retryAfter()))) {
      return refund;
    }
    PaymentChannel channel =
        channels.get(payments.findById(refund.payId()).orElseThrow().channel().name());
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
            refund.outTradeNo(), refund.outRequestNo(), refund.amountMinor(), refund.reason());
    io.payonce.server.chaos.CrashPoints.reach("after-channel-answer");
    if (outcome instanceof ChannelOutcome.Done<RefundResult>) {
      return complete(refund, RefundStatus.SUCCESS, "refunded by the channel");
    }
    if (outcome instanceof ChannelOutcome.Refused<RefundResult> refused) {
      return complete(refund, RefundStatus.FAIL, "refused: " + refused.subCode());
    }
    markUnknown(refund, ((ChannelOutcome.Unknown<RefundResult>) outcome).reason());
    return refunds.findById(refundId).orElseThrow();
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
    String channel = payments.findById(refund.payId()).orElseThrow().channel().name();
    transactions.executeWithoutResult(
        status -> {
          if (refund.kind() == RefundKind.MERCHANT) {
            // The order row first, before any read: on MySQL/MariaDB a transaction's snapshot is
            // taken at its first plain read, and it must postdate every refund committed before us.
            orders.lockStatus(refund.orderId());
          }
          Instant now = clock.instant();
          if (refunds.transition(refund.id(), target, detail, now) == 0) {
            return;
          }
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
            outbox.append(
                Aggregate.PAYMENT, refund.payId(), "RefundSucceeded", payload(refund, channel));
          }
          if (refund.kind() == RefundKind.MERCHANT) {
            settleOrder(refund.orderId());
          }
        });
    log.info("refund outRequestNo={} status={}", refund.outRequestNo(), target);
    return refunds.findById(refund.id()).orElseThrow();
  }

  /** The order's status from its merchant refunds; the order row is locked first. */
  void settleOrder(long orderId) {
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
  }

  private static Map<String, Object> payload(Refund refund, String channel) {
    Map<String, Object> payload = new LinkedHashMap<>();
    payload.put("refundId", refund.id());
    payload.put("payId", refund.payId());
    payload.put("orderId", refund.orderId());
    payload.put("outTradeNo", refund.outTradeNo());
    payload.put("outRequestNo", refund.outRequestNo());
    payload.put("amount", java.math.BigDecimal.valueOf(refund.amountMinor(), 2).toPlainString());
    payload.put("currency", refund.currency());
    payload.put("kind", refund.kind().name());
    payload.put("channel", channel);
    return payload;
  }
}
