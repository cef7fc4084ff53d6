package io.payonce.server.view;

import io.payonce.server.alarm.Alarm;
import io.payonce.server.channel.ChannelCall;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.notify.NotifyReceipt;
import io.payonce.server.operator.OperatorAction;
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
 * @param refunds the payment's refunds, merchant's and automatic, oldest first; the operator's
 *     timeline shows them, the API's details keep the shape they had
 * @param operatorActions what operators did about the payment from the console, oldest first
 */
record PaymentHistory(
    Payment payment,
    Order order,
    List<JournalEntry> journal,
    List<JournalEntry> orderJournal,
    List<NotifyReceipt> notifies,
    List<ChannelCall> calls,
    List<Alarm> alarms,
    List<Refund> refunds,
    List<OperatorAction> operatorActions) {}
