package io.payonce.server.view;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.channel.ChannelCall;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.order.Order;
import io.payonce.server.payment.Payment;
import io.payonce.server.refund.Refund;
import java.util.List;

/**
 * Everything recorded about one payment, read at once: what both the API's payment details and the
 * operator's timeline are drawn from.
 *
 * @param journal the payment's status changes, oldest first
 * @param orderJournal the order's status changes, oldest first
 * @param notifies every notification received for the payment, verified or not, deduplicated or not
 * @param refunds the payment's refunds, merchant's and automatic, oldest first; neither the API's
 *     details nor the page show them yet, both keeping the shape they had
 */
record PaymentHistory(
    Payment payment,
    Order order,
    List<JournalEntry> journal,
    List<JournalEntry> orderJournal,
    List<NotifyReceipt> notifies,
    List<ChannelCall> calls,
    List<Alarm> alarms,
    List<Refund> refunds) {}
