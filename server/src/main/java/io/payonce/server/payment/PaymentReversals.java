package io.payonce.server.payment;

import io.payonce.server.channel.CancelResult;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.TradeState;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Reverses a barcode payment that did not complete in time. The intent comes first: CANCELLING, a
 * conditional transition that loses to a payment already recorded as paid — we never cancel what we
 * know is paid. Then {@code cancel} at the channel, outside any transaction. Its answer is evidence
 * like any other: closed unpaid, or paid and refunded in full — recorded as both facts, the payment
 * SUCCESS and a completed refund, in one transaction, while the order stays unpaid and says
 * nothing. A success seen meanwhile (a notify, a query) cannot move a CANCELLING payment: that
 * money is being given back. An unknown answer leaves the payment CANCELLING; the janitor asks
 * again (the channel's cancel answers a repeat as it answered the first).
 */
@Service
public class PaymentReversals {

  private static final Logger log = LoggerFactory.getLogger(PaymentReversals.class);
  private static final int CANCEL_ATTEMPTS = 3;

  private final PaymentRepository payments;
  private final PaymentTransitions transitions;
  private final ChannelResultApplier applier;
  private final PaymentChannels channels;
  private final ReversalRecorder reversals;
  private final PaymentCloser closer;
  private final TransactionTemplate transactions;
  private final Clock clock;

  PaymentReversals(
      PaymentRepository payments,
      PaymentTransitions transitions,
      ChannelResultApplier applier,
      PaymentChannels channels,
      ReversalRecorder reversals,
      PaymentCloser closer,
      TransactionTemplate transactions,
      Clock clock) {
    this.payments = payments;
    this.transitions = transitions;
    this.applier = applier;
    this.channels = channels;
    this.reversals = reversals;
    this.closer = closer;
    this.transactions = transactions;
    this.clock = clock;
  }

  /**
   * Cancels the payment at the channel unless we already know how it ended; returns it as it stands
   * afterwards (still CANCELLING when the channel's answer stayed unknown).
   */
  public Payment reverse(Payment payment, String why) {
    TransitionOutcome<PaymentStatus> intent =
        transitions.apply(
            payment.payId(),
            PaymentStatus.CANCELLING,
            TransitionSource.API,
            why + "; cancelling at the channel",
            ChannelFields.none());
    if (!intent.won() && intent.current() != PaymentStatus.CANCELLING) {
      // Paid (a notify or query got there first), closed or failed: nothing to reverse.
      return reread(payment);
    }
    return finish(payment);
  }

  /** Asks the channel to cancel a CANCELLING payment and records its answer. */
  public Payment finish(Payment payment) {
    PaymentChannel channel = channels.get(payment.channel(), payment.channelConfig());
    for (int attempt = 0; attempt < CANCEL_ATTEMPTS; attempt++) {
      ChannelOutcome<CancelResult> cancelled = channel.cancel(payment.outTradeNo());
      if (cancelled instanceof ChannelOutcome.Done<CancelResult> done && !done.value().retry()) {
        record(payment, done.value());
        return reread(payment);
      }
      if (cancelled instanceof ChannelOutcome.Refused<CancelResult> refused) {
        return refused(payment, channel, refused.subCode());
      }
    }
    log.info("reversal outTradeNo={} outcome=UNKNOWN", payment.outTradeNo());
    return reread(payment);
  }

  private void record(Payment payment, CancelResult result) {
    switch (result.action()) {
      case CLOSED ->
          transitions.apply(
              payment.payId(),
              PaymentStatus.CLOSED,
              TransitionSource.CANCEL,
              "cancelled at the channel: closed unpaid",
              ChannelFields.tradeNo(result.tradeNo()));
      // Our pay may still be queued at the channel and take the money after this cancel.
      case NOTHING ->
          closer.closeUnknownToTheChannel(
              payment, TransitionSource.CANCEL, "cancelled at the channel: no trade there");
      case REFUNDED ->
          transactions.executeWithoutResult(
              status -> {
                // One transaction: the success and its reversal are recorded together (the
                // transition takes the order's lock first).
                TransitionOutcome<PaymentStatus> paid =
                    transitions.apply(
                        payment.payId(),
                        PaymentStatus.SUCCESS,
                        TransitionSource.CANCEL,
                        "paid, then refunded in full by the cancel",
                        ChannelFields.tradeNo(result.tradeNo()));
                if (paid.current() == PaymentStatus.SUCCESS) {
                  reversals.onReversed(
                      payments.findById(payment.payId()).orElseThrow(),
                      result.refundedAt() == null ? clock.instant() : result.refundedAt());
                }
              });
    }
    log.info("reversal outTradeNo={} action={}", payment.outTradeNo(), result.action());
  }

  /**
   * The channel would not cancel (e.g. the cancel window passed, or the trade is finished): ask
   * what became of the trade. Paid is a sale after all, recorded like any success; closed or
   * unknown to the channel is closed.
   */
  private Payment refused(Payment payment, PaymentChannel channel, String subCode) {
    ChannelOutcome<ChannelTrade> asked = channel.query(payment.outTradeNo());
    if (asked instanceof ChannelOutcome.Done<ChannelTrade> done) {
      ChannelTrade trade = done.value();
      if (trade.state().paid() && trade.state() != TradeState.REFUNDING) {
        applier.apply(trade, TransitionSource.CANCEL, null);
      } else if (trade.state() == TradeState.REFUNDED || trade.state() == TradeState.REFUNDING) {
        // An earlier cancel whose answer was lost took effect: paid, then refunded in full (told
        // as a refund begun by a channel that says no more: we asked for nothing else).
        record(
            payment,
            new CancelResult(CancelResult.Action.REFUNDED, false, trade.tradeNo(), trade.paidAt()));
      } else if (trade.state() == TradeState.CLOSED) {
        transitions.apply(
            payment.payId(),
            PaymentStatus.CLOSED,
            TransitionSource.CANCEL,
            "cancel refused (" + subCode + "), the trade is " + trade.state(),
            ChannelFields.tradeNo(trade.tradeNo()));
      } else if (trade.state() == TradeState.NOT_FOUND) {
        closer.closeUnknownToTheChannel(
            payment,
            TransitionSource.CANCEL,
            "cancel refused (" + subCode + "), the channel knows no such trade");
      }
    }
    log.info("reversal outTradeNo={} refused={}", payment.outTradeNo(), subCode);
    return reread(payment);
  }

  private Payment reread(Payment payment) {
    return payments.findById(payment.payId()).orElseThrow();
  }
}
