package io.payonce.server.payment;

import io.payonce.server.app.ChannelConfigs;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.db.LockConflicts;
import io.payonce.server.journal.Aggregate;
import io.payonce.server.journal.Journal;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.money.Money;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import io.payonce.server.order.OrderTransitions;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Optional;
import org.springframework.dao.DataAccessException;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Opens the payment of an order: the intent row, written and committed before any channel call. An
 * order has one payable slot: while a payment is in flight, opening another (on any channel)
 * returns that one instead, and a PAID or CLOSED order takes none.
 */
@Service
public class PaymentOpener {

  private static final int ATTEMPTS = 3;
  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyMMddHHmmss").withZone(ZoneOffset.UTC);
  private static final char[] ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ".toCharArray();

  private final OrderService orders;
  private final ChannelConfigs channelConfigs;
  private final PaymentChannels channels;
  private final OrderTransitions orderTransitions;
  private final PaymentRepository payments;
  private final Journal journal;
  private final TransactionTemplate transactions;
  private final Clock clock;
  private final JanitorProperties janitor;
  private final SecureRandom random = new SecureRandom();
  private final io.micrometer.core.instrument.Counter conflicts;
  private final io.micrometer.core.instrument.Counter lockVictims;

  PaymentOpener(
      OrderService orders,
      ChannelConfigs channelConfigs,
      PaymentChannels channels,
      OrderTransitions orderTransitions,
      PaymentRepository payments,
      Journal journal,
      TransactionTemplate transactions,
      Clock clock,
      JanitorProperties janitor,
      io.micrometer.core.instrument.MeterRegistry meters) {
    this.janitor = janitor;
    this.conflicts = meters.counter("payonce.payment.open.conflicts");
    this.lockVictims = meters.counter("payonce.payment.open.lock-victims");
    this.orders = orders;
    this.channelConfigs = channelConfigs;
    this.channels = channels;
    this.orderTransitions = orderTransitions;
    this.payments = payments;
    this.journal = journal;
    this.transactions = transactions;
    this.clock = clock;
  }

  /**
   * A QR payment without a call lease: {@link #open(long, Channel, PaymentKind, String, Instant,
   * Instant)}.
   */
  public OpenedPayment open(long orderId, Channel channel, String requestId, Instant expireTime) {
    return open(orderId, channel, PaymentKind.QR, requestId, expireTime, null);
  }

  /**
   * Opens a payment of this kind for the order on the channel, or returns the payment already in
   * flight (of whatever channel and kind: the caller must check before touching it).
   *
   * @param requestId the caller's request id, stored for tracing (may be null)
   * @param expireTime when the channel trade should expire (may be null)
   * @param callLeaseUntil until when the creator holds the right to make the channel call (see
   *     {@link PaymentRepository#claimCallLease}); null for none
   * @throws OrderNotPayableException if the order is not CREATED or PAYING
   * @throws OrderNotFoundException if there is no such order
   */
  public OpenedPayment open(
      long orderId,
      Channel channel,
      PaymentKind kind,
      String requestId,
      Instant expireTime,
      Instant callLeaseUntil) {
    return open(orderId, channel, kind, requestId, expireTime, callLeaseUntil, null);
  }

  /**
   * As {@link #open(long, Channel, PaymentKind, String, Instant, Instant)}, storing what the
   * buyer's side gave ({@code buyer}, JSON; null for nothing) in the same insert.
   */
  OpenedPayment open(
      long orderId,
      Channel channel,
      PaymentKind kind,
      String requestId,
      Instant expireTime,
      Instant callLeaseUntil,
      String buyer) {
    // A read first spares the unique key a collision when the payment is already there (e.g. a
    // request that waited for a ContentionGuard); it decides nothing: the insert below does.
    Optional<Payment> existing = payments.findInFlight(orderId);
    if (existing.isPresent()) {
      return new OpenedPayment(existing.get(), false);
    }
    RuntimeException lastLoss = null;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      try {
        return new OpenedPayment(
            transactions.execute(
                status ->
                    insert(orderId, channel, kind, requestId, expireTime, callLeaseUntil, buyer)),
            true);
      } catch (DataAccessException lost) {
        // A race lost either to the unique key or, should the database break a lock cycle with
        // this transaction, as its victim: either way nothing was written, and the transaction
        // is over (PostgreSQL aborts it). Read what the winner made in a new one.
        if (!(lost instanceof DuplicateKeyException)) {
          if (!LockConflicts.isVictim(lost)) {
            throw lost;
          }
          lockVictims.increment();
        }
        lastLoss = lost;
        conflicts.increment();
        Optional<Payment> inFlight = transactions.execute(status -> payments.findInFlight(orderId));
        if (inFlight.isPresent()) {
          return new OpenedPayment(inFlight.get(), false);
        }
        // The payment in flight finished in between (or the victim's rival held no slot): try
        // again.
      }
    }
    throw lastLoss;
  }

  private Payment insert(
      long orderId,
      Channel channel,
      PaymentKind kind,
      String requestId,
      Instant expireTime,
      Instant callLeaseUntil,
      String buyer) {
    Instant now = clock.instant();
    // The row lock taken here is held until commit: no concurrent transition can close or pay
    // the order between this check and the insert below.
    if (!orders.lockIfPayable(orderId, now)) {
      Order order =
          orders.findById(orderId).orElseThrow(() -> new OrderNotFoundException("id " + orderId));
      throw new OrderNotPayableException(orderId, order.status());
    }
    io.payonce.server.chaos.CrashPoints.reach("after-order-lock");
    Order order = orders.findById(orderId).orElseThrow();
    // The account the payment is made with, fixed now: every later call about it uses this one.
    String channelConfig = channelConfigs.resolve(order.appId(), channel);
    long limit = channels.maxAmountMinor(channel);
    if (order.amount().minorUnits() > limit) {
      // Before the intent row: a payment the channel cannot even be asked for must not exist.
      throw new AmountOverChannelLimitException(
          channel, Money.ofMinor(limit, order.amount().currency()));
    }
    if (order.status() == OrderStatus.CREATED) {
      orderTransitions.apply(orderId, OrderStatus.PAYING, TransitionSource.API, "payment opened");
    }
    long payId =
        payments.insertInFlight(
            order,
            channel,
            kind,
            newOutTradeNo(now),
            requestId,
            expireTime,
            callLeaseUntil,
            channelConfig,
            now.plus(janitor.olderThan()),
            buyer,
            now);
    journal.append(
        Aggregate.PAYMENT,
        payId,
        null,
        PaymentStatus.INIT,
        TransitionSource.API,
        "opened on " + channel + " " + kind);
    return payments.findById(payId).orElseThrow();
  }

  /**
   * Whether the account a new payment of the order on {@code channel} would be made with offers
   * {@code kind} (a stored merchant may lack what the deployment's offers, e.g. a mini-program). An
   * app with no account there is left to {@link #open} to refuse.
   */
  public boolean offers(Order order, Channel channel, PaymentKind kind) {
    String config;
    try {
      config = channelConfigs.resolve(order.appId(), channel);
    } catch (io.payonce.server.app.ChannelNotConfiguredException e) {
      return true;
    }
    return channels.find(channel, config).map(c -> c.kinds().contains(kind)).orElse(true);
  }

  /** 32 characters: WeChat Pay's limit; time first so numbers sort roughly by creation. */
  private String newOutTradeNo(Instant now) {
    StringBuilder number = new StringBuilder("PO").append(STAMP.format(now));
    while (number.length() < 32) {
      number.append(ALPHABET[random.nextInt(ALPHABET.length)]);
    }
    return number.toString();
  }
}
