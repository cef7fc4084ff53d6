package io.payonce.server.payment.web;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.ChannelCall;
import io.payonce.server.channel.ChannelCallJournal;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.notify.NotifyReceipts;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentNotFoundException;
import io.payonce.server.payment.PaymentRepository;
import java.time.Instant;
import java.util.List;
import org.springframework.http.MediaType;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;

/**
 * {@code GET /api/payments/{outTradeNo}}: one payment with everything that happened to it — every
 * transition, every notify received (applied, duplicate or refused, and our reply), every channel
 * call and its outcome, every alarm. The machine-readable twin of the operator's timeline.
 */
@RestController
class PaymentDetailsController {

  private final PaymentRepository payments;
  private final Journal journal;
  private final NotifyReceipts receipts;
  private final ChannelCallJournal calls;
  private final Alarms alarms;

  PaymentDetailsController(
      PaymentRepository payments,
      Journal journal,
      NotifyReceipts receipts,
      ChannelCallJournal calls,
      Alarms alarms) {
    this.payments = payments;
    this.journal = journal;
    this.receipts = receipts;
    this.calls = calls;
    this.alarms = alarms;
  }

  record PaymentDetails(
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
      List<Alarm> alarms) {}

  @GetMapping(path = "/api/payments/{outTradeNo}", produces = MediaType.APPLICATION_JSON_VALUE)
  PaymentDetails details(@PathVariable String outTradeNo) {
    if (outTradeNo.length() > 64) {
      throw new PaymentNotFoundException(outTradeNo);
    }
    Payment p =
        payments
            .findByOutTradeNo(outTradeNo)
            .orElseThrow(() -> new PaymentNotFoundException(outTradeNo));
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
        journal.entriesOf(Aggregate.PAYMENT, p.payId()),
        receipts.receiptsFor(outTradeNo),
        calls.callsFor(outTradeNo),
        alarms.of(outTradeNo));
  }
}
