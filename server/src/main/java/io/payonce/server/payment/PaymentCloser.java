package io.payonce.server.payment;

import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.TradeState;
import io.payonce.server.journal.TransitionSource;
import java.time.Clock;
import java.time.Instant;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Closes a payment at the channel first, then on our side: never the other way round, so a payment
 * the buyer completed meanwhile is found (and recorded as SUCCESS) instead of being closed over.
 */
@Service
public class PaymentCloser {

  private static final Logger log = LoggerFactory.getLogger(PaymentCloser.class);

  /** How many times a close the channel refused while its trade stays open is made again. */
  private static final int RECLOSES = 1;

  private final PaymentRepository payments;
  private final PaymentTransitions transitions;
  private final ChannelResultApplier applier;
  private final PaymentChannels channels;
  private final TransactionTemplate transactions;
  private final PaymentProperties props;
  private final Clock clock;

  PaymentCloser(
      PaymentRepository payments,
      PaymentTransitions transitions,
      ChannelResultApplier applier,
      PaymentChannels channels,
      TransactionTemplate transactions,
      PaymentProperties props,
      Clock clock) {
    this.payments = payments;
    this.transitions = transitions;
    this.applier = applier;
    this.channels = channels;
    this.transactions = transactions;
    this.props = props;
    this.clock = clock;
  }

  /**
   * Closes the payment, as the merchant or a refresh asks: the close, and once more if the channel
   * refused it and says the trade is still open; then unknown (the payment stays in flight for the
   * janitor), never a loop against a channel that keeps refusing.
   */
  public CloseResult close(Payment payment, String why) {
    return close(payment, why, RECLOSES + 1);
  }

  private CloseResult close(Payment payment, String why, int closesLeft) {
    PaymentChannel channel = channels.get(payment.channel(), payment.channelConfig());
    ChannelOutcome<ChannelTrade> closed = channel.close(payment.outTradeNo());
    if (closed instanceof ChannelOutcome.Done<ChannelTrade>) {
      if (payment.status() == PaymentStatus.INIT && payment.expireTime() != null) {
        // Its first call may still be queued at the channel and land after this close (a close
        // of a number the channel does not know yet proves nothing): watched until it expires.
        Instant watchUntil = payment.expireTime().plus(props.expiryMargin());
        return markClosed(
            payment,
            TransitionSource.CLOSE,
            why + "; closed at the channel before its code was issued, watched until " + watchUntil,
            watchUntil);
      }
      return markClosed(payment, TransitionSource.CLOSE, why + "; closed at the channel", null);
    }
    if (closed instanceof ChannelOutcome.Unknown<ChannelTrade>) {
      return CloseResult.UNKNOWN;
    }
    // Refused: the trade is paid, already closed, or does not exist. Only a query says which.
    ChannelOutcome<ChannelTrade> asked = channel.query(payment.outTradeNo());
    if (!(asked instanceof ChannelOutcome.Done<ChannelTrade> done)) {
      return CloseResult.UNKNOWN;
    }
    return settle(payment, done.value(), why, closesLeft - 1);
  }

  /**
   * Decides a payment from what the channel says about its trade: paid is recorded; closed closes;
   * never scanned closes here and is watched until the code expires.
   */
  CloseResult settle(Payment payment, ChannelTrade trade, String why) {
    return settle(payment, trade, why, RECLOSES);
  }

  private CloseResult settle(Payment payment, ChannelTrade trade, String why, int closesLeft) {
    if (trade.state().paid()) {
      applier.apply(trade, TransitionSource.CLOSE, null);
      return CloseResult.PAID;
    }
    if (trade.state() == TradeState.CLOSED) {
      return markClosed(
          payment, TransitionSource.CLOSE, why + "; the channel's trade is closed", null);
    }
    if (trade.state() == TradeState.REFUNDED) {
      // Paid and given back in full: recorded as both; its code can be paid no more.
      applier.apply(trade, TransitionSource.CLOSE, null);
      return CloseResult.CLOSED;
    }
    if (trade.state() == TradeState.NOT_FOUND) {
      if (isDead(payment)) {
        return markClosed(payment, TransitionSource.CLOSE, why + "; expired unscanned", null);
      }
      Instant watchUntil = payment.expireTime().plus(props.expiryMargin());
      return markClosed(
          payment,
          TransitionSource.API,
          why + "; never scanned, watched until " + watchUntil,
          watchUntil);
    }
    // OPEN or WAIT_BUYER_PAY: not closed yet (the buyer scanned after our close call); close again,
    // unless the channel refused that already (WeChat's PARAM_ERROR or ORDER_NOT_EXIST of an order
    // it has just made, while its query says NOTPAY): asking on would only repeat the refusal.
    if (closesLeft <= 0) {
      log.info(
          "close unsettled outTradeNo={} state={} reason=refused-while-open",
          payment.outTradeNo(),
          trade.state());
      return CloseResult.UNKNOWN;
    }
    return close(payment, why, closesLeft);
  }

  /**
   * Closes a payment whose trade the channel does not know (yet): a call of ours may still be
   * queued there and land later, so, until the payment's code can no longer be paid, it stays
   * watched and a trade that appears is recorded. In the caller's transaction, if it has one.
   */
  CloseResult closeUnknownToTheChannel(Payment payment, TransitionSource source, String detail) {
    if (payment.expireTime() == null || isDead(payment)) {
      return markClosed(payment, source, detail, null);
    }
    Instant watchUntil = payment.expireTime().plus(props.expiryMargin());
    return markClosed(payment, source, detail + ", watched until " + watchUntil, watchUntil);
  }

  /** Whether the payment's code can no longer be paid at the channel, margin included. */
  boolean isDead(Payment payment) {
    return payment.expireTime() != null
        && !clock.instant().isBefore(payment.expireTime().plus(props.expiryMargin()));
  }

  private CloseResult markClosed(
      Payment payment, TransitionSource source, String detail, Instant watchUntil) {
    return transactions.execute(
        status -> {
          var outcome =
              transitions.apply(
                  payment.payId(), PaymentStatus.CLOSED, source, detail, ChannelFields.none());
          if (outcome.current() == PaymentStatus.SUCCESS) {
            return CloseResult.PAID;
          }
          if (outcome.current().isInFlight()) {
            // Not ours to close (a reversal under way): its own answer will settle it.
            return CloseResult.UNKNOWN;
          }
          if (outcome.won() && watchUntil != null) {
            payments.watchUntil(payment.payId(), watchUntil, clock.instant());
          }
          return watchUntil != null ? CloseResult.CLOSED_WATCHING : CloseResult.CLOSED;
        });
  }
}
