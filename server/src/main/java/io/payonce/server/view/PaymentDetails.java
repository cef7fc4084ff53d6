package io.payonce.server.view;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.channel.ChannelCall;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.payment.Payment;
import java.time.Instant;
import java.util.List;

/**
 * A payment as the API shows it, with everything that happened to it: every transition, every
 * notify received (applied, duplicate or refused, and our reply), every channel call and its
 * outcome, every alarm. The machine-readable twin of the operator's {@link PaymentTimeline}.
 */
public record PaymentDetails(
    String outTradeNo,
    String channel,
    String status,
    String amount,
    String currency,
    String tradeNo,
    String qrCode,
    Instant expireTime,
    Instant createdAt,
    List<JournalEntry> journal,
    List<NotifyReceipt> notifies,
    List<ChannelCall> channelCalls,
    List<Alarm> alarms) {

  static PaymentDetails of(PaymentHistory history) {
    Payment p = history.payment();
    return new PaymentDetails(
        p.outTradeNo(),
        p.channel().name(),
        p.status().name(),
        p.amount().toDecimalString(),
        p.amount().currency(),
        p.tradeNo(),
        p.qrCode(),
        p.expireTime(),
        p.createdAt(),
        history.journal(),
        history.notifies(),
        history.calls(),
        history.alarms());
  }
}
