package io.payonce.server.cashier;

import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.JournalEntry;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.payment.Payment;
import io.payonce.server.payment.PaymentQueries;
import io.payonce.server.payment.PaymentQueries.OrderPayment;
import io.payonce.server.payment.PaymentStatus;
import io.payonce.server.payment.Payments;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.util.Optional;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/** Reads what the cashier page shows; never calls a channel. */
@Service
public class CashierViews {

  private final OrderService orders;
  private final Payments payments;
  private final PaymentQueries queries;
  private final Journal journal;
  private final Clock clock;
  private final boolean sandboxEnabled;

  CashierViews(
      OrderService orders,
      Payments payments,
      PaymentQueries queries,
      Journal journal,
      Clock clock,
      @Value("${payonce.sandbox.enabled:false}") boolean sandboxEnabled) {
    this.orders = orders;
    this.payments = payments;
    this.queries = queries;
    this.journal = journal;
    this.clock = clock;
    this.sandboxEnabled = sandboxEnabled;
  }

  /**
   * The order's cashier view, drawn for the page at {@code pagePath}, or empty when there is no
   * such order. Reads like {@code GET /pay/query} (which may ask the channel about a payment
   * pending for long), so the page and its polling agree on which payment matters.
   */
  public Optional<CashierView> find(OrderRef ref, String pagePath) {
    try {
      OrderPayment found = queries.query(ref);
      return Optional.of(view(found.order(), found.payment(), pagePath));
    } catch (OrderNotFoundException e) {
      return Optional.empty();
    }
  }

  /**
   * The QR code of one of the order's payments, while it may still be paid: a closed, failed or
   * paid payment's code is never drawn again, so nobody is invited to pay a dead code.
   */
  @Transactional(readOnly = true)
  public Optional<String> payableQrCode(OrderRef ref, String outTradeNo) {
    Instant now = clock.instant();
    return orders
        .find(ref)
        .flatMap(
            order -> payments.findByOutTradeNo(outTradeNo).filter(p -> p.orderId() == order.id()))
        .filter(p -> isPayable(p, now))
        .map(Payment::qrCode);
  }

  private CashierView view(Order order, Payment payment, String pagePath) {
    return new CashierView(
        order.orderNo(),
        order.title(),
        order.amount().toDecimalString(),
        order.amount().currency(),
        order.status().name(),
        payment == null ? null : paymentView(payment, pagePath),
        clock.instant());
  }

  private CashierView.PaymentView paymentView(Payment payment, String pagePath) {
    boolean open = isOpen(payment, clock.instant());
    boolean payable = open && payment.qrCode() != null;
    return new CashierView.PaymentView(
        payment.outTradeNo(),
        payment.status().name(),
        payment.tradeNo(),
        payment.expireTime(),
        paidAt(payment),
        payable ? pagePath + "/qr.png?outTradeNo=" + payment.outTradeNo() : null,
        payable && sandboxEnabled ? walletUrl(payment.qrCode()) : null,
        payment.channel().name(),
        payment.kind().name(),
        open && payment.kind().answersHandoff() && payment.handoff() != null);
  }

  private static boolean isPayable(Payment payment, Instant now) {
    return payment.qrCode() != null && isOpen(payment, now);
  }

  /** Whether what the payment handed out (a code, a page) may still be paid. */
  private static boolean isOpen(Payment payment, Instant now) {
    return (payment.status() == PaymentStatus.PRECREATED
            || payment.status() == PaymentStatus.PAYING)
        && (payment.expireTime() == null || now.isBefore(payment.expireTime()));
  }

  private Instant paidAt(Payment payment) {
    if (payment.status() != PaymentStatus.SUCCESS) {
      return null;
    }
    return journal.entriesOf(Aggregate.PAYMENT, payment.payId()).stream()
        .filter(entry -> PaymentStatus.SUCCESS.name().equals(entry.toStatus()))
        .map(JournalEntry::occurredAt)
        .findFirst()
        .orElse(payment.updatedAt());
  }

  /** The sandbox wallet's page; it plays whichever channel the code belongs to. */
  private static String walletUrl(String qrCode) {
    return "/sandbox/wallet?qr=" + URLEncoder.encode(qrCode, StandardCharsets.UTF_8);
  }
}
