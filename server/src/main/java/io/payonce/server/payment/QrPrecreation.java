package io.payonce.server.payment;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.BuyerFacts;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.Handoff;
import io.payonce.server.channel.HandoffTerms;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.Refusal;
import io.payonce.server.journal.TransitionOutcome;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.order.Order;
import io.payonce.server.order.OrderNotFoundException;
import io.payonce.server.order.OrderNotPayableException;
import io.payonce.server.order.OrderRef;
import io.payonce.server.order.OrderService;
import io.payonce.server.order.OrderStatus;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Issues an order's hand-off — a QR code, or a link or form to the channel's page — exactly once
 * per order: the database's one-slot constraint decides which request opens the payment (committed
 * as INIT, with what the buyer's side gave, before any channel call), a lease decides which request
 * makes its channel call, and every other request — double clicks, reloads, other instances — gets
 * the same out_trade_no and hand-off without calling the channel. An unknown outcome keeps the
 * payment INIT and its number: the next request retries the channel under the same out_trade_no.
 */
@Service
public class QrPrecreation {

  private static final Logger log = LoggerFactory.getLogger(QrPrecreation.class);
  private static final int OPEN_ATTEMPTS = 3;
  private static final Duration RETRY_AFTER = Duration.ofSeconds(1);
  private static final Duration REVERSAL_RETRY_AFTER = Duration.ofSeconds(5);

  private final OrderService orders;
  private final PaymentOpener opener;
  private final PaymentRepository payments;
  private final PaymentTransitions transitions;
  private final ChannelResultApplier applier;
  private final PaymentChannels channels;
  private final Alarms alarms;
  private final ContentionGuard guard;
  private final PaymentCloser closer;
  private final PaymentProperties props;
  private final Clock clock;
  private final TransactionTemplate transactions;

  QrPrecreation(
      OrderService orders,
      PaymentOpener opener,
      PaymentRepository payments,
      PaymentTransitions transitions,
      ChannelResultApplier applier,
      PaymentChannels channels,
      Alarms alarms,
      org.springframework.beans.factory.ObjectProvider<ContentionGuard> guard,
      PaymentCloser closer,
      PaymentProperties props,
      Clock clock,
      TransactionTemplate transactions) {
    this.orders = orders;
    this.opener = opener;
    this.payments = payments;
    this.transitions = transitions;
    this.applier = applier;
    this.channels = channels;
    this.alarms = alarms;
    this.guard = guard.getIfAvailable(() -> ContentionGuard.NONE);
    this.closer = closer;
    this.props = props;
    this.clock = clock;
    this.transactions = transactions;
  }

  /**
   * The order's QR code on {@code channel}, creating its payment if it has none in flight.
   *
   * @throws OrderNotFoundException no such order
   * @throws OrderNotPayableException the order is paid, refunded or closed
   * @throws PaymentInProgressException another request's channel call is still running
   * @throws ChannelUnavailableException the channel's answer is unknown; retry later
   * @throws ChannelRefusedException the channel refused the trade
   * @throws PaymentExpiredException the payment in flight has expired
   */
  public PrecreateAnswer precreate(OrderRef ref, Channel channel, String requestId) {
    return precreate(ref, channel, requestId, false);
  }

  /**
   * As {@link #precreate(OrderRef, Channel, String)}; with {@code refresh}, the cashier's explicit
   * "new QR code": the payment whose code was issued when the request came is replaced by a new one
   * (new out_trade_no) once its code provably can't be paid — closed at the channel, or expired
   * there; a code issued meanwhile by another request is answered, not replaced. A code nobody has
   * scanned and that is still alive is returned as it is: it is as good as a new one, and replacing
   * it could leave two payable codes. An expired payment is replaced the same way without {@code
   * refresh}.
   */
  public PrecreateAnswer precreate(
      OrderRef ref, Channel channel, String requestId, boolean refresh) {
    Issued issued =
        guard.around(
            ref.toString(),
            () ->
                issueUnguarded(
                    ref, channel, PaymentKind.QR, BuyerFacts.none(), requestId, refresh));
    return new PrecreateAnswer(
        issued.orderNo(),
        issued.outTradeNo(),
        issued.qrCode(),
        issued.expireTime(),
        issued.status());
  }

  /**
   * As {@link #precreate(OrderRef, Channel, String, boolean)}, for a product of {@code kind} on
   * {@code channel} whose hand-off sends the buyer elsewhere to pay (the channel's page, its app):
   * the order's one hand-off, issued once and answered to every repeat; asking for another product
   * closes the payment of the one in flight first. {@code buyer} is stored with the payment it
   * opens, and a repeat answers the first request's hand-off whatever it gives.
   */
  public HandoffAnswer handOff(
      OrderRef ref,
      Channel channel,
      PaymentKind kind,
      BuyerFacts buyer,
      String requestId,
      boolean refresh) {
    if (!kind.answersHandoff()) {
      throw new IllegalArgumentException("not a hand-off kind: " + kind);
    }
    Issued issued =
        guard.around(
            ref.toString(), () -> issueUnguarded(ref, channel, kind, buyer, requestId, refresh));
    return new HandoffAnswer(
        issued.orderNo(),
        issued.outTradeNo(),
        kind,
        HandoffJson.read(issued.handoff()),
        issued.expireTime(),
        issued.status());
  }

  private Issued issueUnguarded(
      OrderRef ref,
      Channel channel,
      PaymentKind kind,
      BuyerFacts buyer,
      String requestId,
      boolean refresh) {
    // Most repeats are answered from this one read of the order and its payment in flight: no
    // transaction, no lock, no write. The read decides nothing: opening a payment still goes
    // through the order's lock and the one-slot unique key.
    PaymentRepository.OrderWithInFlight first =
        payments
            .findOrderWithInFlight(ref)
            .orElseThrow(() -> new OrderNotFoundException(ref.orderNo()));
    Order order = first.order();
    if (!order.status().isPayable()) {
      throw new OrderNotPayableException(order.id(), order.status());
    }
    // A refresh replaces the code the caller was shown — the one issued when it asked — and no
    // other: a code another request issues meanwhile (a concurrent refresh that won) is answered,
    // never replaced, so every code a 200 handed out stays payable until a later request asks.
    if (first.inFlight().isEmpty()
        || !isSameProduct(first.inFlight().get(), channel, kind, buyer)) {
      // Before opening, or closing the payment in flight for it: the app's own account offers it.
      if (!opener.offers(order, channel, kind)) {
        throw new ProductNotOfferedException(channel, kind);
      }
    }
    Long replacing =
        refresh
            ? first.inFlight().filter(QrPrecreation::isIssued).map(Payment::payId).orElse(null)
            : null;
    for (int attempt = 1; ; attempt++) {
      Instant now = now();
      Instant leaseUntil = now.plus(props.callLease());
      Optional<Payment> inFlight =
          attempt == 1 ? first.inFlight() : payments.findInFlight(order.id());
      OpenedPayment opened =
          inFlight.isPresent()
              ? new OpenedPayment(inFlight.get(), false)
              : opener.open(
                  order.id(),
                  channel,
                  kind,
                  requestId,
                  now.plus(life(channel, kind)),
                  leaseUntil,
                  HandoffJson.write(buyer));
      Step step;
      if (opened.created()) {
        step = callChannel(order, opened.payment(), leaseUntil);
      } else if (isSameProduct(opened.payment(), channel, kind, buyer)) {
        step =
            joinInFlight(
                order,
                opened.payment(),
                replacing != null && replacing == opened.payment().payId());
      } else if (opened.payment().kind().issuesHandoff()
          && replacing != null
          && replacing != opened.payment().payId()) {
        // A refresh whose code another request replaced by one on another channel meanwhile: that
        // code was handed out after this request was made, and is not this request's to close.
        throw new PaymentInProgressException(opened.payment().outTradeNo(), RETRY_AFTER);
      } else if (opened.payment().kind().issuesHandoff()) {
        step = switchFrom(order, opened.payment(), channel, kind);
      } else {
        // One payable slot per order: a payment of another kind (a barcode payment waiting for
        // the buyer's password) is never joined, leased, called for or closed; it must end first.
        throw opened.payment().status() == PaymentStatus.CANCELLING
            ? new PaymentBeingReversedException(opened.payment().outTradeNo(), REVERSAL_RETRY_AFTER)
            : new PaymentInProgressException(opened.payment().outTradeNo(), RETRY_AFTER);
      }
      if (step instanceof Answered answered) {
        return answered.answer();
      }
      // The payment we found left its slot (closed or failed at the channel): open the next one.
      if (attempt == OPEN_ATTEMPTS) {
        throw new PaymentInProgressException(opened.payment().outTradeNo(), RETRY_AFTER);
      }
    }
  }

  /** Where one attempt at the order's payment ended. */
  private sealed interface Step permits Answered, SlotFreed {}

  /** The order's hand-off (or where its payment stands). */
  private record Answered(Issued answer) implements Step {}

  /**
   * What a request is answered: the payment's number, its QR code or its hand-off (JSON), and where
   * it stands.
   */
  private record Issued(
      String orderNo,
      String outTradeNo,
      String qrCode,
      String handoff,
      Instant expireTime,
      PaymentStatus status) {}

  /** The payment left the order's slot (closed or failed at the channel): open the next one. */
  private record SlotFreed() implements Step {}

  private static final Step SLOT_FREED = new SlotFreed();

  /** Whether the payment's code was handed out: there is a code a caller may want replaced. */
  private static boolean isIssued(Payment payment) {
    return payment.status() == PaymentStatus.PRECREATED || payment.status() == PaymentStatus.PAYING;
  }

  /**
   * Whether the payment in flight is the product asked for: the same channel and kind and, when the
   * request names the buyer at the channel, the same buyer — a hand-off bound to one buyer is not
   * another's.
   */
  private static boolean isSameProduct(
      Payment payment, Channel channel, PaymentKind kind, BuyerFacts buyer) {
    if (payment.channel() != channel || payment.kind() != kind) {
      return false;
    }
    return buyer.channelUserId() == null
        || Objects.equals(
            buyer.channelUserId(), HandoffJson.readBuyer(payment.buyer()).channelUserId());
  }

  /** Whether this instance is configured for {@code channel}. */
  /**
   * How long a new payment of this product may be paid: the kind's life, or less when the channel
   * keeps the hand-off good for less (the payment then ends with it).
   */
  private Duration life(Channel channel, PaymentKind kind) {
    Duration life = props.ttl(kind);
    return channels
        .find(channel)
        .flatMap(adapter -> adapter.handoffLife(kind))
        .filter(shorter -> shorter.compareTo(life) < 0)
        .orElse(life);
  }

  public boolean speaks(Channel channel) {
    return channels.find(channel).isPresent();
  }

  /**
   * The buyer chose another product (another channel, or another kind of hand-off) while the
   * order's hand-off is on this one: it is closed at its channel first (never only here, or both
   * could be paid), then the slot is free for the other product's. A hand-off the channel cannot
   * close yet (an Alipay code nobody scanned, a cashier page nobody opened) is closed here and
   * watched until it expires: if the buyer pays it anyway, the payment is recorded and — the order
   * being paid through the other one — refunded as a duplicate. A hand-off whose first channel call
   * is still running is left alone (409): closing it could race that call.
   */
  private Step switchFrom(Order order, Payment payment, Channel wanted, PaymentKind kind) {
    switch (payment.status()) {
      case SUCCESS -> throw new OrderNotPayableException(order.id(), paidStatus(order));
      case FAIL, CLOSED -> {
        return SLOT_FREED;
      }
      case CANCELLING ->
          throw new PaymentBeingReversedException(payment.outTradeNo(), REVERSAL_RETRY_AFTER);
      case INIT -> {
        Instant now = now();
        // Holding the call lease keeps anyone from issuing this code while we close it.
        if (!payments.claimCallLease(payment.payId(), now, now.plus(props.callLease()))) {
          throw new PaymentInProgressException(payment.outTradeNo(), RETRY_AFTER);
        }
      }
      case PRECREATED, PAYING -> {}
    }
    log.info(
        "precreate switch outTradeNo={} from={}/{} to={}/{}",
        payment.outTradeNo(),
        payment.channel(),
        payment.kind(),
        wanted,
        kind);
    CloseResult result =
        closer.close(
            payment,
            "the buyer switched to " + wanted + (kind == PaymentKind.QR ? "" : " " + kind));
    return switch (result) {
      case CLOSED, CLOSED_WATCHING -> SLOT_FREED;
      case PAID -> throw new OrderNotPayableException(order.id(), paidStatus(order));
      case UNKNOWN -> throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
    };
  }

  /** A duplicate request: wait, bounded, for the payment in flight, or take over its call. */
  private Step joinInFlight(Order order, Payment payment, boolean refresh) {
    Instant deadline = clock.instant().plus(props.duplicateWait());
    long pauseMillis = 20;
    Payment current = payment;
    while (true) {
      switch (current.status()) {
        case PRECREATED, PAYING -> {
          boolean expired =
              current.expireTime() != null && !clock.instant().isBefore(current.expireTime());
          return refresh || expired
              ? replace(order, current)
              : new Answered(answerFor(order, current));
        }
        case SUCCESS -> throw new OrderNotPayableException(order.id(), paidStatus(order));
        case CANCELLING ->
            throw new PaymentBeingReversedException(current.outTradeNo(), REVERSAL_RETRY_AFTER);
        case FAIL, CLOSED -> {
          return SLOT_FREED;
        }
        case INIT -> {
          Instant now = now();
          Instant until = now.plus(props.callLease());
          // The first request's call lease ran out (it crashed, or its outcome was unknown).
          if (payments.claimCallLease(current.payId(), now, until)) {
            return callChannel(order, current, until);
          }
          if (!now.isBefore(deadline)) {
            throw new PaymentInProgressException(current.outTradeNo(), RETRY_AFTER);
          }
        }
      }
      LockSupport.parkNanos(TimeUnit.MILLISECONDS.toNanos(pauseMillis));
      pauseMillis = Math.min(pauseMillis * 2, 200);
      current = payments.findById(current.payId()).orElseThrow();
    }
  }

  /**
   * Retires a payment so that a new one can be opened, if and only if its code provably can't be
   * paid any more: the slot is freed, or the payment's own answer stays.
   */
  private Step replace(Order order, Payment payment) {
    PaymentChannel channel = channels.get(payment.channel(), payment.channelConfig());
    ChannelOutcome<ChannelTrade> asked = channel.query(payment.outTradeNo());
    if (!(asked instanceof ChannelOutcome.Done<ChannelTrade> done)) {
      throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
    }
    ChannelTrade trade = done.value();
    if (trade.state() == io.payonce.server.channel.TradeState.NOT_FOUND) {
      if (closer.isDead(payment)) {
        closer.settle(payment, trade, "replaced");
        return SLOT_FREED;
      }
      boolean expired = !clock.instant().isBefore(payment.expireTime());
      if (expired) {
        Duration untilDead =
            Duration.between(clock.instant(), payment.expireTime().plus(props.expiryMargin()));
        throw new PaymentExpiredException(payment.outTradeNo(), untilDead);
      }
      return new Answered(answerFor(order, payment));
    }
    CloseResult result = closer.settle(payment, trade, "replaced by a new QR code");
    return switch (result) {
      case CLOSED -> SLOT_FREED;
      case PAID -> throw new OrderNotPayableException(order.id(), paidStatus(order));
      case UNKNOWN, CLOSED_WATCHING ->
          throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
    };
  }

  /** Makes the channel call this request holds the lease for, outside any transaction. */
  private Step callChannel(Order order, Payment payment, Instant leaseUntil) {
    io.payonce.server.chaos.CrashPoints.reach("after-init-commit");
    PaymentChannel channel = channels.get(payment.channel(), payment.channelConfig());
    ChannelOutcome<ChannelFields> outcome = issueAtChannel(channel, order, payment);
    io.payonce.server.chaos.CrashPoints.reach("after-channel-answer");
    if (outcome instanceof ChannelOutcome.Done<ChannelFields> done) {
      ChannelFields issued = done.value();
      Optional<TransitionOutcome<PaymentStatus>> recorded = recordIssued(order, payment, issued);
      if (recorded.isEmpty()) {
        // The order was closed while the channel issued the code: nobody is handed it.
        channel.close(payment.outTradeNo());
        throw new OrderNotPayableException(order.id(), paidStatus(order));
      }
      TransitionOutcome<PaymentStatus> moved = recorded.get();
      if (moved.won()) {
        return new Answered(
            answer(order, payment, issued.qrCode(), issued.handoff(), PaymentStatus.PRECREATED));
      }
      return afterLosingTheIssue(order, payment, channel);
    }
    if (outcome instanceof ChannelOutcome.Refused<ChannelFields> refused) {
      return onRefusal(order, payment, channel, refused, leaseUntil);
    }
    payments.releaseCallLease(payment.payId(), leaseUntil);
    throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
  }

  /**
   * Records the code (or hand-off) the channel issued, under the order's lock and only while the
   * order is payable: a code is never handed out for an order closed meanwhile, whoever closed it
   * and whatever its close saw of this payment. Such a payment is closed instead, in the same
   * transaction, and watched until its code expires (the channel may hold it: a buyer who pays it
   * is recorded and refunded); empty then.
   */
  private Optional<TransitionOutcome<PaymentStatus>> recordIssued(
      Order order, Payment payment, ChannelFields issued) {
    return transactions.execute(
        status -> {
          boolean payable =
              orders.lockStatus(order.id()).filter(OrderStatus::isPayable).isPresent();
          if (!payable) {
            closer.closeUnknownToTheChannel(
                payment, TransitionSource.API, "code issued after its order was closed");
            return Optional.empty();
          }
          return Optional.of(
              transitions.apply(
                  payment.payId(),
                  PaymentStatus.PRECREATED,
                  TransitionSource.API,
                  issued.qrCode() != null ? "qr issued" : "handoff issued: " + kindOf(issued),
                  issued));
        });
  }

  /**
   * The payment's hand-off, asked of its channel with the terms it was opened with: the QR code of
   * a precreate, or the hand-off of another kind, stored as JSON.
   */
  private ChannelOutcome<ChannelFields> issueAtChannel(
      PaymentChannel channel, Order order, Payment payment) {
    if (payment.kind() == PaymentKind.QR) {
      return channel
          .precreate(payment.outTradeNo(), payment.amount(), order.title(), payment.expireTime())
          .map(precreated -> new ChannelFields(null, precreated.qrCode(), null));
    }
    HandoffTerms terms =
        new HandoffTerms(
            payment.outTradeNo(),
            payment.amount(),
            order.title(),
            payment.expireTime(),
            HandoffJson.readBuyer(payment.buyer()));
    return channel
        .handOff(payment.kind(), terms)
        .map(handoff -> ChannelFields.handoff(HandoffJson.write(handoff)));
  }

  private static String kindOf(ChannelFields issued) {
    Handoff handoff = HandoffJson.read(issued.handoff());
    return handoff == null ? "none" : handoff.type();
  }

  /**
   * The code was issued at the channel but the payment moved on while we asked for it: a notify or
   * query (the buyer was quick) answers where it stands; a close (the merchant cancelled the order
   * meanwhile) frees the slot — the caller then finds the order closed — and the code just issued
   * is closed at the channel too, in case the close came before the trade existed there (the
   * payment's watch still covers it should this call fail).
   */
  private Step afterLosingTheIssue(Order order, Payment payment, PaymentChannel channel) {
    Payment now = payments.findById(payment.payId()).orElseThrow();
    return switch (now.status()) {
      case SUCCESS -> throw new OrderNotPayableException(order.id(), paidStatus(order));
      case CLOSED, FAIL -> {
        // Closed or failed by someone else while our call issued a code: nobody may pay it.
        channel.close(now.outTradeNo());
        yield SLOT_FREED;
      }
      case PAYING, PRECREATED -> new Answered(answerFor(order, now));
      case INIT, CANCELLING -> throw new ChannelUnavailableException(now.outTradeNo(), RETRY_AFTER);
    };
  }

  /**
   * The channel refused to issue this number's code. Whether that is a failure depends on what the
   * channel holds under the number — our first call may have taken effect before its answer was
   * lost: a paid trade is recorded, a closed one frees the slot, one the buyer scanned stays in
   * flight; only a number the channel does not know makes the payment FAIL, and only while this
   * request still holds the call: one that stalled past its lease may find a code another request
   * issued since (a QR code nobody scanned is a number the channel does not know either), and
   * answers that instead.
   */
  private Step onRefusal(
      Order order,
      Payment payment,
      PaymentChannel channel,
      ChannelOutcome.Refused<ChannelFields> refused,
      Instant leaseUntil) {
    String subCode = refused.subCode();
    if (refused.is(Refusal.TERMS_CONFLICT)) {
      alarms.raise(
          AlarmType.CHANNEL_INCONSISTENT,
          channel.channel().name(),
          payment.outTradeNo(),
          "the channel holds different trade details for this number");
    }
    ChannelOutcome<ChannelTrade> asked = channel.query(payment.outTradeNo());
    if (!(asked instanceof ChannelOutcome.Done<ChannelTrade> known)) {
      throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
    }
    if (known.value().state() != io.payonce.server.channel.TradeState.NOT_FOUND) {
      applier.apply(known.value(), TransitionSource.QUERY, null);
      io.payonce.server.chaos.CrashPoints.reach("after-success-commit");
      Payment now = payments.findById(payment.payId()).orElseThrow();
      return switch (now.status()) {
        case SUCCESS -> throw new OrderNotPayableException(order.id(), paidStatus(order));
        case CLOSED, FAIL -> SLOT_FREED;
        case PAYING, PRECREATED -> new Answered(answerFor(order, now));
        case INIT, CANCELLING ->
            throw new ChannelUnavailableException(payment.outTradeNo(), RETRY_AFTER);
      };
    }
    TransitionOutcome<PaymentStatus> failed =
        transitions.applyHoldingCallLease(
            payment.payId(),
            leaseUntil,
            PaymentStatus.FAIL,
            TransitionSource.API,
            "channel refused: " + subCode,
            ChannelFields.none());
    if (!failed.won()) {
      log.info(
          "precreate refusal outlived its call outTradeNo={} subCode={} now={}",
          payment.outTradeNo(),
          subCode,
          failed.current());
      return afterLosingTheIssue(order, payment, channel);
    }
    log.warn("precreate refused outTradeNo={} subCode={}", payment.outTradeNo(), subCode);
    throw new ChannelRefusedException(payment.outTradeNo(), subCode, refused.message());
  }

  // Leases are compared for equality when released: keep them to what every database stores.
  private Instant now() {
    return clock.instant().truncatedTo(java.time.temporal.ChronoUnit.MILLIS);
  }

  private Issued answerFor(Order order, Payment payment) {
    if (payment.status() == PaymentStatus.SUCCESS) {
      throw new OrderNotPayableException(order.id(), paidStatus(order));
    }
    return answer(order, payment, payment.qrCode(), payment.handoff(), payment.status());
  }

  private static Issued answer(
      Order order, Payment payment, String qrCode, String handoff, PaymentStatus status) {
    return new Issued(
        order.orderNo(), payment.outTradeNo(), qrCode, handoff, payment.expireTime(), status);
  }

  private io.payonce.server.order.OrderStatus paidStatus(Order order) {
    return orders.findById(order.id()).map(Order::status).orElse(order.status());
  }
}
