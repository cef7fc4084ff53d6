package io.payonce.server.notify;

import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.chaos.CrashPoints;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.log.Untrusted;
import io.payonce.server.notify.CallbackReading.Ignored;
import io.payonce.server.notify.CallbackReading.RefundReport;
import io.payonce.server.notify.CallbackReading.Refused;
import io.payonce.server.notify.CallbackReading.Shown;
import io.payonce.server.notify.CallbackReading.TradeReport;
import io.payonce.server.notify.CallbackReading.Unproven;
import io.payonce.server.payment.ApplyResult;
import io.payonce.server.payment.ChannelFact;
import io.payonce.server.payment.ChannelResultApplier;
import io.payonce.server.payment.NotifyRouting;
import io.payonce.server.refund.RefundReportUnheardException;
import io.payonce.server.refund.Refunds;
import java.time.Clock;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.dao.DataAccessException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.TransactionSystemException;

/**
 * The one intake of every channel's callbacks, in the order that keeps it safe: the protocol
 * verifies and reads the delivery; a refusal is alarmed (within the budget when anyone could have
 * sent it); a fact is routed and applied by the one applier with its dedup row in one transaction;
 * then the receipt and the log line. The channel is told it was taken only when the fact is in our
 * books, now or before, so that it keeps delivering everything else.
 */
@Service
@org.springframework.boot.context.properties.EnableConfigurationProperties(CallbackProperties.class)
public class CallbackIntake {

  private static final Logger log = LoggerFactory.getLogger(CallbackIntake.class);

  private final ChannelResultApplier applier;
  private final NotifyRouting routing;
  private final Refunds refunds;
  private final NotifyReceipts receipts;
  private final Alarms alarms;
  private final CallbackDoor door;
  private final MeterRegistry meters;
  private final Clock clock;

  CallbackIntake(
      ChannelResultApplier applier,
      NotifyRouting routing,
      Refunds refunds,
      NotifyReceipts receipts,
      Alarms alarms,
      CallbackProperties props,
      MeterRegistry meters,
      Clock clock) {
    this.applier = applier;
    this.routing = routing;
    this.refunds = refunds;
    this.receipts = receipts;
    this.alarms = alarms;
    this.door =
        new CallbackDoor(
            props.unprovenPerSourcePerMinute(),
            props.trustVerifiedSourceFor(),
            io.github.bucket4j.TimeMeter.SYSTEM_NANOTIME);
    this.meters = meters;
    this.clock = clock;
  }

  /** Takes one delivery and answers it in the protocol's words. */
  public CallbackReply take(CallbackProtocol protocol, CallbackDelivery delivery) {
    if (!door.admits(delivery.source())) {
      // Too much from this source that proved nothing: refused unread, and only counted.
      meters.counter("payonce.callbacks.held", "channel", protocol.channel().name()).increment();
      return protocol.reply(Verdict.REFUSED);
    }
    CallbackReading reading = protocol.read(delivery);
    if (reading instanceof Unproven unproven) {
      door.unproven(delivery.source());
      return unproven(protocol, unproven);
    }
    door.verified(delivery.source());
    if (reading instanceof Refused refused) {
      return refused(protocol, refused);
    }
    if (reading instanceof Ignored ignored) {
      return answer(
          protocol, ignored.shown(), null, ignored.outcome(), Verdict.TAKEN, ignored.detail());
    }
    if (reading instanceof TradeReport trade) {
      return trade(protocol, trade);
    }
    return refund(protocol, (RefundReport) reading);
  }

  private CallbackReply unproven(CallbackProtocol protocol, Unproven reading) {
    if (!alarms.raiseForRefusedCallback(
        reading.alarm(),
        protocol.channel().name(),
        reading.shown().outTradeNo(),
        reading.detail())) {
      // Anyone's, and over the alarms' budget for those: refused and counted, not recorded.
      return protocol.reply(Verdict.REFUSED);
    }
    return answer(
        protocol, reading.shown(), null, reading.outcome(), Verdict.REFUSED, reading.detail());
  }

  private CallbackReply refused(CallbackProtocol protocol, Refused reading) {
    alarms.raise(
        reading.alarm(), protocol.channel().name(), reading.shown().outTradeNo(), reading.detail());
    return answer(
        protocol, reading.shown(), null, reading.outcome(), Verdict.REFUSED, reading.detail());
  }

  private CallbackReply trade(CallbackProtocol protocol, TradeReport reading) {
    ApplyResult result;
    try {
      result =
          applier.apply(
              reading.trade(),
              TransitionSource.NOTIFY,
              new ChannelFact(
                  protocol.channel().name(), reading.eventKey(), reading.shown().payloadHash()),
              reading.route());
    } catch (DataAccessException | TransactionSystemException e) {
      return failedHere(protocol, reading.shown(), reading.eventKey(), e);
    }
    CrashPoints.reach("after-success-commit");
    return answer(
        protocol,
        reading.shown(),
        reading.eventKey(),
        result.kind().name(),
        result.accepted() ? Verdict.TAKEN : Verdict.REFUSED,
        "payment " + result.current());
  }

  private CallbackReply refund(CallbackProtocol protocol, RefundReport reading) {
    Optional<String> mismatch =
        routing.mismatch(
            reading.outTradeNo(), reading.route().configKey(), reading.route().account());
    if (mismatch.isPresent()) {
      return refused(
          protocol,
          new Refused(
              io.payonce.server.alarm.AlarmType.APP_ID_MISMATCH,
              "CONFIG_MISMATCH",
              mismatch.get(),
              reading.shown()));
    }
    String outcome;
    try {
      outcome =
          refunds
              .settleReported(reading.outTradeNo(), reading.outRefundNo())
              .map(refund -> "refund " + refund.status())
              .orElse("refund unknown here");
    } catch (DataAccessException | TransactionSystemException e) {
      return failedHere(protocol, reading.shown(), null, e);
    } catch (RefundReportUnheardException e) {
      // Not taken: the channel delivers it again, and it is asked about again.
      return answer(
          protocol, reading.shown(), null, "REFUND_CHECKED", Verdict.RETRY, e.getMessage());
    }
    return answer(protocol, reading.shown(), null, "REFUND_CHECKED", Verdict.TAKEN, outcome);
  }

  /**
   * Transient (database down, lock timeout, the connection lost during COMMIT — which the
   * transaction manager throws as its failed rollback's TransactionSystemException): the channel
   * will deliver it again, and the delivery again finds whatever was committed.
   */
  private CallbackReply failedHere(
      CallbackProtocol protocol, Shown shown, String eventKey, RuntimeException e) {
    log.warn(
        "notify channel={} protocol={} outcome=ERROR outTradeNo={} reason={}",
        protocol.channel().name(),
        protocol.protocol(),
        Untrusted.forLog(shown.outTradeNo()),
        e.getClass().getSimpleName());
    return answer(protocol, shown, eventKey, "ERROR", Verdict.RETRY, e.getClass().getSimpleName());
  }

  private CallbackReply answer(
      CallbackProtocol protocol,
      Shown shown,
      String eventKey,
      String outcome,
      Verdict verdict,
      String detail) {
    CallbackReply reply = protocol.reply(verdict);
    try {
      receipts.record(
          new NotifyReceipt(
              protocol.channel().name(),
              shown.outTradeNo(),
              shown.notifyId(),
              eventKey,
              shown.tradeStatus(),
              shown.totalAmount(),
              outcome,
              reply.receiptText(),
              detail,
              shown.payloadHash(),
              clock.instant()));
    } catch (DataAccessException e) {
      log.warn("notify receipt not recorded reason={}", e.getClass().getSimpleName());
    }
    log.info(
        "notify channel={} protocol={} outTradeNo={} notifyId={} outcome={} reply={}",
        protocol.channel().name(),
        protocol.protocol(),
        Untrusted.forLog(shown.outTradeNo()),
        Untrusted.forLog(shown.notifyId()),
        outcome,
        reply.receiptText());
    return reply;
  }
}
