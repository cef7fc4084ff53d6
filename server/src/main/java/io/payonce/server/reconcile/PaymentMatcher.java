package io.payonce.server.reconcile;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.BillLine;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.TradeState;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.payment.ApplyResult;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.PaymentStatus;
import org.springframework.stereotype.Component;

/**
 * Decides the outcome of one payment row of a bill, repairing what the bill proves. The repair is
 * the applier's conditional transition: a row matched twice (a re-run, a resumed run) repairs at
 * most once, and the second time is recognised from the journal as the same outcome.
 */
@Component
class PaymentMatcher {

  private final ChannelResultApplier applier;
  private final Alarms alarms;

  PaymentMatcher(ChannelResultApplier applier, Alarms alarms) {
    this.applier = applier;
    this.alarms = alarms;
  }

  Verdict match(StagedLine staged) {
    BillLine line = staged.line();
    String outTradeNo = line.outTradeNo();
    if (staged.payId() == null) {
      return Verdict.of(
          Outcome.UNKNOWN_TRADE,
          outTradeNo,
          "bill has trade_no=" + line.tradeNo() + " paid " + line.amountMinor() + " minor units");
    }
    if (staged.localAmountMinor() != line.amountMinor()) {
      // The applier would refuse it too; the alarm is raised once, with the anomaly.
      return Verdict.of(
          Outcome.AMOUNT_MISMATCH,
          outTradeNo,
          "bill says "
              + line.amountMinor()
              + " minor units, payment is "
              + staged.localAmountMinor()
              + " ("
              + staged.status()
              + ")");
    }
    if (PaymentStatus.SUCCESS.name().equals(staged.status())) {
      return alreadySucceeded(staged);
    }
    return repair(staged);
  }

  private Verdict alreadySucceeded(StagedLine staged) {
    String outTradeNo = staged.line().outTradeNo();
    if (staged.otherSuccessForOrder() && isDuplicate(outTradeNo)) {
      return duplicate(outTradeNo);
    }
    if (staged.repairedByReconciliation()) {
      return repaired(outTradeNo, "SUCCESS written by an earlier reconciliation");
    }
    return Verdict.matched(outTradeNo);
  }

  private Verdict repair(StagedLine staged) {
    BillLine line = staged.line();
    ChannelTrade trade =
        new ChannelTrade(
            line.outTradeNo(),
            line.tradeNo(),
            TradeState.SUCCESS,
            line.amountMinor(),
            null,
            line.finishedAt());
    ApplyResult result = applier.apply(trade, TransitionSource.RECONCILE, null);
    return switch (result.kind()) {
      case APPLIED ->
          isDuplicate(line.outTradeNo())
              ? duplicate(line.outTradeNo())
              : repaired(line.outTradeNo(), "payment was " + staged.status() + ", now SUCCESS");
      case AMOUNT_MISMATCH ->
          Verdict.of(Outcome.AMOUNT_MISMATCH, line.outTradeNo(), "amount changed while matching");
      case UNKNOWN_PAYMENT ->
          Verdict.of(Outcome.UNKNOWN_TRADE, line.outTradeNo(), "payment vanished while matching");
      // Someone (a notify, a query) recorded the success between our read and the repair; or the
      // payment is being reversed, which only its cancel's answer settles: not paid in our books.
      case NO_CHANGE, DUPLICATE ->
          result.current() == PaymentStatus.SUCCESS
              ? Verdict.matched(line.outTradeNo())
              : Verdict.of(
                  Outcome.CHANNEL_ONLY_SUCCESS,
                  line.outTradeNo(),
                  "payment is "
                      + result.current()
                      + ": left to its reversal, which gives the money back or records it paid");
      // Only a notify's route is checked against the payment's configuration; a bill has none.
      case CONFIG_MISMATCH ->
          throw new IllegalStateException("a bill line was applied with a notify's route");
    };
  }

  /** The applier marks the payment that arrived for an already paid order with this alarm. */
  private boolean isDuplicate(String outTradeNo) {
    return alarms.of(outTradeNo).stream()
        .anyMatch(alarm -> alarm.type() == AlarmType.DUPLICATE_PAYMENT);
  }

  private static Verdict repaired(String outTradeNo, String detail) {
    return new Verdict(
        Outcome.CHANNEL_ONLY_SUCCESS,
        outTradeNo,
        outTradeNo,
        detail,
        "repaired by reconciliation (SUCCESS and OrderPaid written)");
  }

  private static Verdict duplicate(String outTradeNo) {
    return Verdict.of(
        Outcome.DUPLICATE_PAYMENT,
        outTradeNo,
        "the order was already paid by another payment: this one must be refunded");
  }
}
