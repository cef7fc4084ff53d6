package io.payonce.server.payment;

import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import org.springframework.stereotype.Service;

/**
 * Barcode pay (the merchant scans the buyer's code), the synchronous {@code pay()} of seed 001 made
 * safe: a payment that waits for the buyer's password, or whose outcome is unknown, is queried for
 * a bounded time under its one number and then reversed ({@link PaymentReversals}) — unless the
 * database already knows it was paid. A timeout is never a failure and never a retry under a new
 * number.
 */
@Service
public class BarcodePayments {

  private static final Duration RETRY_AFTER = Duration.ofSeconds(5);

  private final OrderService orders;
  private final PaymentOpener opener;
  private final PaymentRepository payments;
  private final PaymentTransitions transitions;
  private final ChannelResultApplier applier;
  private final PaymentReversals reversals;
  private final PaymentChannels channels;
  private final PaymentProperties props;
  private final Clock clock;
  private final Sleeper sleeper;

  BarcodePayments(
      OrderService orders,
      PaymentOpener opener,
      PaymentRepository payments,
      PaymentTransitions transitions,
      ChannelResultApplier applier,
      PaymentReversals reversals,
      PaymentChannels channels,
      PaymentProperties props,
      Clock clock,
      Sleeper sleeper) {
    this.orders = orders;
    this.opener = opener;
    this.payments = payments;
    this.transitions = transitions;
    this.applier = applier;
    this.reversals = reversals;
    this.channels = channels;
    this.props = props;
    this.clock = clock;
    this.sleeper = sleeper;
  }

  /** How a barcode payment ended, as the POS must act on it. */
  public enum Outcome {
    /** The buyer paid: hand over the goods. */
    PAID,
    /** Nothing was taken (the buyer never confirmed; the trade is closed). */
    NOT_PAID,
    /** The buyer paid too late and the cancel gave all the money back: nothing was taken. */
    REVERSED
  }

  /**
   * Where a barcode payment ended.
   *
   * @param status the payment's status (SUCCESS for a reversed payment: it was paid, then refunded
   *     by the cancel — read {@code outcome})
   */
  public record BarcodeAnswer(
      String orderNo, String outTradeNo, Outcome outcome, PaymentStatus status, String tradeNo) {}

  /**
   * Charges the buyer's barcode for the order.
   *
   * @throws PaymentInProgressException the order has another payment in flight
   * @throws PaymentRefusedException the channel refused (nothing was charged)
   * @throws ChannelUnavailableException neither the payment nor its reversal could be confirmed;
   *     the janitor settles it
   */
  public BarcodeAnswer pay(OrderRef ref, Channel channel, String authCode, String requestId) {
    Order order = orders.find(ref).orElseThrow(() -> new OrderNotFoundException(ref.orderNo()));
    Optional<Payment> paidByThisRequest =
        Optional.ofNullable(order.paidBy())
            .flatMap(payments::findById)
            .filter(paid -> isTheSameRequest(paid, channel, requestId));
    if (paidByThisRequest.isPresent()) {
      // This request paid the order and its answer was lost (a timeout, a commit whose answer
      // never came): the same answer again, not "the order is paid".
      return answer(order, paidByThisRequest.get());
    }
    Instant now = clock.instant();
    OpenedPayment opened =
        opener.open(
            order.id(),
            channel,
            PaymentKind.BARCODE,
            requestId,
            now.plus(props.barcodeTtl()),
            null);
    Payment payment = opened.payment();
    if (!opened.created()) {
      if (!isTheSameRequest(payment, channel, requestId)) {
        throw payment.status() == PaymentStatus.CANCELLING
            ? new PaymentBeingReversedException(payment.outTradeNo(), RETRY_AFTER)
            : new PaymentInProgressException(payment.outTradeNo(), Duration.ofSeconds(1));
      }
      // The same request again (its first attempt died or timed out): finish what it started.
      return awaitOrReverse(order, payment);
    }
    io.payonce.server.chaos.CrashPoints.reach("after-init-commit");
    PaymentChannel gateway = channels.get(channel, payment.channelConfig());
    ChannelOutcome<ChannelTrade> outcome =
        gateway.pay(
            payment.outTradeNo(), authCode, payment.amount(), order.title(), payment.expireTime());
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
    }
    return awaitOrReverse(order, payment);
  }

  /** Another request's payment is never taken over: only a retry of the one that opened it. */
  /** Whether this instance is configured for {@code channel}. */
  public boolean speaks(Channel channel) {
    return channels.find(channel).isPresent();
  }

  private static boolean isTheSameRequest(Payment payment, Channel channel, String requestId) {
    return payment.kind() == PaymentKind.BARCODE
        && payment.channel() == channel
        && requestId != null
        && Objects.equals(requestId, payment.requestId());
  }

  private BarcodeAnswer awaitOrReverse(Order order, Payment opened) {
    PaymentChannel gateway = channels.get(opened.channel(), opened.channelConfig());
    Instant deadline = clock.instant().plus(props.barcodePollFor());
    Payment payment = reread(opened);
    while (isWaiting(payment) && clock.instant().isBefore(deadline)) {
      sleeper.sleep(props.barcodePollInterval());
      if (gateway.query(payment.outTradeNo()) instanceof ChannelOutcome.Done<ChannelTrade> done) {
        applier.apply(done.value(), TransitionSource.QUERY, null);
      }
      payment = reread(payment);
    }
    if (payment.status() == PaymentStatus.CANCELLING) {
      // An earlier attempt's reversal whose answer was lost: see it through.
      payment = reversals.finish(payment);
    } else if (payment.status().isInFlight()) {
      payment = reversals.reverse(payment, "not paid in time");
    }
    if (payment.status() == PaymentStatus.CANCELLING) {
      // The channel has not settled the reversal yet (the buyer is still at the password prompt,
      // or its answer was lost): the janitor asks again, and so does a repeat of this request.
      throw new PaymentBeingReversedException(payment.outTradeNo(), RETRY_AFTER);
    }
    if (payment.status().isInFlight()) {
      throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
    }
    return answer(order, payment);
  }

  private static boolean isWaiting(Payment payment) {
    return payment.status().isInFlight() && payment.status() != PaymentStatus.CANCELLING;
  }

  private Payment reread(Payment payment) {
    return payments.findById(payment.payId()).orElseThrow();
  }

  private BarcodeAnswer answer(Order order, Payment payment) {
    return new BarcodeAnswer(
        order.orderNo(),
        payment.outTradeNo(),
        outcome(payment),
        payment.status(),
        payment.tradeNo());
  }

  private Outcome outcome(Payment payment) {
    if (payment.status() != PaymentStatus.SUCCESS) {
      return Outcome.NOT_PAID;
    }
    Long paidBy = orders.findById(payment.orderId()).orElseThrow().paidBy();
    if (Objects.equals(paidBy, payment.payId())) {
      return Outcome.PAID;
    }
    // A success that did not pay its order: reversed by its cancel (or a duplicate being refunded).
    return Outcome.REVERSED;
  }
}
