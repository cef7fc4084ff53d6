package io.payonce.server.payment;

import io.payonce.server.channel.CancelResult;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderRepository;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.locks.LockSupport;
import org.springframework.stereotype.Service;

/**
 * Barcode pay (the merchant scans the buyer's code), the synchronous {@code pay()} of seed 001 made
 * safe: a payment that waits for the buyer's password, or whose outcome is unknown, is queried for
 * a bounded time under its one number and then cancelled — cancel reverses it whatever happened. A
 * timeout is never a failure and never a retry under a new number.
 */
@Service
public class BarcodePayments {

  private static final int CANCEL_ATTEMPTS = 3;
  private static final Duration RETRY_AFTER = Duration.ofSeconds(5);

  private final OrderRepository orders;
  private final PaymentOpener opener;
  private final PaymentRepository payments;
  private final PaymentTransitions transitions;
  private final ChannelResultApplier applier;
  private final PaymentChannels channels;
  private final PaymentProperties props;
  private final Clock clock;

  BarcodePayments(
      OrderRepository orders,
      PaymentOpener opener,
      PaymentRepository payments,
      PaymentTransitions transitions,
      ChannelResultApplier applier,
      PaymentChannels channels,
      PaymentProperties props,
      Clock clock) {
    this.orders = orders;
    this.opener = opener;
    this.payments = payments;
    this.transitions = transitions;
    this.applier = applier;
    this.channels = channels;
    this.props = props;
    this.clock = clock;
  }

  /** Where a barcode payment ended: SUCCESS, or CLOSED when it was not paid (and cancelled). */
  public record BarcodeAnswer(
      String orderNo, String outTradeNo, PaymentStatus status, String tradeNo) {}

  /**
   * Charges the buyer's barcode for the order.
   *
   * @throws PaymentInProgressException the order has another payment in flight
   * @throws PaymentRefusedException the channel refused (nothing was charged)
   * @throws ChannelUnavailableException neither the payment nor its cancellation could be
   *     confirmed; the janitor settles it
   */
  public BarcodeAnswer pay(String orderNo, Channel channel, String authCode, String requestId) {
    Order order =
        orders.findByOrderNo(orderNo).orElseThrow(() -> new OrderNotFoundException(orderNo));
    Instant now = clock.instant();
    OpenedPayment opened =
        opener.open(order.id(), channel, requestId, now.plus(props.barcodeTtl()), null);
    Payment payment = opened.payment();
    if (!opened.created()) {
      if (requestId == null || !Objects.equals(requestId, payment.requestId())) {
        throw new PaymentInProgressException(payment.outTradeNo(), Duration.ofSeconds(1));
      }
      // The same request again (its first attempt died): finish what it started.
      return awaitOrCancel(order, payment);
    }
    io.payonce.server.chaos.CrashPoints.reach("after-init-commit");
    PaymentChannel gateway = channels.get(channel.name());
    ChannelOutcome<ChannelTrade> outcome =
        gateway.pay(
            payment.outTradeNo(),
            authCode,
            payment.amount().minorUnits(),
            order.title(),
            payment.expireTime());
    io.payonce.server.chaos.CrashPoints.reach("after-channel-answer");
    if (outcome instanceof ChannelOutcome.Refused<ChannelTrade> refused) {
      transitions.apply(
          payment.payId(),
          PaymentStatus.FAIL,
          TransitionSource.API,
          "refused: " + refused.subCode(),
          ChannelFields.none());
      throw new PaymentRefusedException(payment.outTradeNo(), refused.subCode());
    }
    if (outcome instanceof ChannelOutcome.Done<ChannelTrade> done) {
      applier.apply(done.value(), TransitionSource.PAY, null);
      io.payonce.server.chaos.CrashPoints.reach("after-success-commit");
      if (done.value().state().paid()) {
        return answer(order, payment.payId());
      }
    }
    return awaitOrCancel(order, payment);
  }

  private BarcodeAnswer awaitOrCancel(Order order, Payment payment) {
    PaymentChannel gateway = channels.get(payment.channel().name());
    Instant deadline = clock.instant().plus(props.barcodePollFor());
    while (clock.instant().isBefore(deadline)) {
      LockSupport.parkNanos(props.barcodePollInterval().toNanos());
      ChannelOutcome<ChannelTrade> asked = gateway.query(payment.outTradeNo());
      if (asked instanceof ChannelOutcome.Done<ChannelTrade> done) {
        ChannelTrade trade = done.value();
        applier.apply(trade, TransitionSource.QUERY, null);
        if (trade.state().paid() || trade.state() == io.payonce.server.channel.TradeState.CLOSED) {
          return answer(order, payment.payId());
        }
      }
    }
    for (int attempt = 0; attempt < CANCEL_ATTEMPTS; attempt++) {
      ChannelOutcome<CancelResult> cancelled = gateway.cancel(payment.outTradeNo());
      if (cancelled instanceof ChannelOutcome.Done<CancelResult> done && !done.value().retry()) {
        transitions.apply(
            payment.payId(),
            PaymentStatus.CLOSED,
            TransitionSource.CLOSE,
            "not paid in time; cancelled at the channel (" + done.value().action() + ")",
            ChannelFields.none());
        return answer(order, payment.payId());
      }
    }
    throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
  }

  private BarcodeAnswer answer(Order order, long payId) {
    Payment now = payments.findById(payId).orElseThrow();
    return new BarcodeAnswer(order.orderNo(), now.outTradeNo(), now.status(), now.tradeNo());
  }
}
