package io.payonce.server.payment;

import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.PaymentChannel;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.PaymentKind;
import io.payonce.server.channel.TradeState;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.log.Failures;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The compensation janitor: when notifies are lost or an instance crashed mid-flow, it asks the
 * channel about payments that have been in flight too long, and about closed ones still payable at
 * the channel (watched), and feeds the answers to {@link ChannelResultApplier}. Payments past
 * expiry that the channel says are unpaid are closed; barcode payments nobody finished are
 * reversed, and reversals whose answer was lost are asked again. The payments due longest come
 * first, whatever their age; each is claimed by one instance per round (the next_check_at
 * conditional UPDATE), which moves it behind the others with a back-off that grows with the
 * payment's age — but a watched payment is always asked again by the time its code dies, and its
 * watch ends only on the word of a query made after that. A sweep takes rounds while they find a
 * full batch, so every due payment is reached in bounded time whatever the backlog, which {@link
 * JanitorBacklog} measures and alarms.
 */
@Component
public class PaymentJanitor {

  private static final Logger log = LoggerFactory.getLogger(PaymentJanitor.class);

  private final PaymentRepository payments;
  private final PaymentChannels channels;
  private final ChannelResultApplier applier;
  private final PaymentCloser closer;
  private final PaymentReversals reversals;
  private final StuckPayments stuck;
  private final JanitorBacklog backlog;
  private final JanitorProperties props;
  private final PaymentProperties paymentProps;
  private final Clock clock;

  PaymentJanitor(
      PaymentRepository payments,
      PaymentChannels channels,
      ChannelResultApplier applier,
      PaymentCloser closer,
      PaymentReversals reversals,
      StuckPayments stuck,
      JanitorBacklog backlog,
      JanitorProperties props,
      PaymentProperties paymentProps,
      Clock clock) {
    this.payments = payments;
    this.channels = channels;
    this.applier = applier;
    this.closer = closer;
    this.reversals = reversals;
    this.stuck = stuck;
    this.backlog = backlog;
    this.props = props;
    this.paymentProps = paymentProps;
    this.clock = clock;
  }

  @Scheduled(
      fixedDelayString = "${payonce.janitor.interval:PT10S}",
      initialDelayString = "${payonce.janitor.interval:PT10S}")
  void scheduled() {
    if (props.enabled()) {
      try {
        drain();
        backlog.alarmIfBehind();
        stuck.alarm();
      } catch (RuntimeException e) {
        log.warn("janitor sweep failed {}", Failures.describe(e));
      }
    }
  }

  /**
   * Rounds of {@link #sweep} while each found a full batch, for at most {@code
   * payonce.janitor.drain-for}: a backlog is worked through, not one batch per interval. Returns
   * how many payments this instance queried.
   */
  public int drain() {
    Instant until = clock.instant().plus(props.drainFor());
    int queried = 0;
    Round round;
    do {
      round = round();
      queried += round.queried();
    } while (round.due() == props.batch() && clock.instant().isBefore(until));
    return queried;
  }

  /** One round, at most one batch; returns how many payments this instance queried. */
  public int sweep() {
    return round().queried();
  }

  private record Round(int due, int queried) {}

  private Round round() {
    Instant now = clock.instant();
    List<Payment> due = payments.findDue(now.minus(props.olderThan()), now, props.batch());
    int queried = 0;
    for (Payment payment : due) {
      // Moves the payment behind every other due one; another instance's round skips it. The time
      // is read at each claim: a round of slow queries outlasts the least back-off, and a claim
      // computed from the round's start would be due again at once for another instance.
      Instant at = clock.instant();
      if (!payments.claimCheck(
          payment.payId(), at, nextQuery(payment, at), at.plus(paymentProps.queryInterval()))) {
        continue;
      }
      queried++;
      try {
        settle(payment, at);
      } catch (RuntimeException e) {
        // One payment's trouble (a channel this instance lacks, a lock timeout) stops no other.
        log.warn(
            "janitor outTradeNo={} not settled {}", payment.outTradeNo(), Failures.describe(e));
      }
    }
    if (queried > 0) {
      log.info("janitor queried={} due={}", queried, due.size());
    }
    return new Round(due.size(), queried);
  }

  /**
   * When to ask about the payment next: a back-off growing with its age, but never later than the
   * moment a watched code dies (or the least back-off, once it has): the last question of a watch
   * is asked after the code can no longer be paid. Always later than now, so that a claim moves the
   * payment behind the others due.
   */
  Instant nextQuery(Payment payment, Instant now) {
    Instant next = now.plus(backoff(payment, now));
    if (payment.watchUntil() == null) {
      return next;
    }
    Instant watchEnd =
        payment.watchUntil().isAfter(now) ? payment.watchUntil() : now.plus(props.minBackoff());
    return next.isAfter(watchEnd) ? watchEnd : next;
  }

  private void settle(Payment payment, Instant now) {
    Optional<PaymentChannel> channel = channels.find(payment.channel(), payment.channelConfig());
    if (channel.isEmpty()) {
      log.warn(
          "janitor outTradeNo={} channel={} not configured here",
          payment.outTradeNo(),
          payment.channel());
      return;
    }
    if (payment.status() == PaymentStatus.CANCELLING) {
      // A reversal whose answer was lost (or whose instance died): the channel answers a repeat.
      reversals.finish(payment);
      return;
    }
    ChannelOutcome<ChannelTrade> asked = channel.get().query(payment.outTradeNo());
    if (!(asked instanceof ChannelOutcome.Done<ChannelTrade> done)) {
      return;
    }
    ChannelTrade trade = done.value();
    if (trade.state() != TradeState.NOT_FOUND) {
      applier.apply(trade, TransitionSource.JANITOR, null);
    }
    boolean unpaid = trade.state() == TradeState.NOT_FOUND || trade.state().payable();
    if (payment.watchUntil() != null
        && !trade.state().paid()
        && !now.isBefore(payment.watchUntil())) {
      // Asked after the code died and not paid: it never will be.
      payments.watchUntil(payment.payId(), null, now);
      log.info("janitor outTradeNo={} watch=ended state={}", payment.outTradeNo(), trade.state());
    }
    if (!payment.status().isInFlight() && payment.watchUntil() != null && trade.state().payable()) {
      // Our books closed it, yet the channel holds a payable trade under its number (a call that
      // landed after the close): closed there too, so nobody can pay it.
      channel.get().close(payment.outTradeNo());
      log.info(
          "janitor outTradeNo={} closed-at-channel state={}", payment.outTradeNo(), trade.state());
      return;
    }
    if (!unpaid || !payment.status().isInFlight()) {
      return;
    }
    if (payment.kind() == PaymentKind.BARCODE) {
      if (abandoned(payment, now)) {
        Payment reversed = reversals.reverse(payment, "barcode payment abandoned (janitor)");
        log.info(
            "janitor reversed outTradeNo={} status={}", payment.outTradeNo(), reversed.status());
      }
    } else if (closer.isDead(payment)) {
      CloseResult closed = closer.settle(payment, trade, "expired unpaid (janitor)");
      log.info("janitor closed outTradeNo={} result={}", payment.outTradeNo(), closed);
    }
  }

  /** A barcode payment whose own request stopped waiting for the buyer long ago. */
  private boolean abandoned(Payment payment, Instant now) {
    Instant requestOver =
        payment.createdAt().plus(paymentProps.barcodePollFor()).plus(paymentProps.callLease());
    return now.isAfter(requestOver);
  }

  private Duration backoff(Payment payment, Instant now) {
    Duration age = Duration.between(payment.createdAt(), now);
    Duration wait = age.dividedBy(10);
    if (wait.compareTo(props.minBackoff()) < 0) {
      return props.minBackoff();
    }
    return wait.compareTo(props.maxBackoff()) > 0 ? props.maxBackoff() : wait;
  }
}
