package io.payonce.server.payment;

import io.payonce.server.channel.ChannelOutcome;
import io.payonce.server.channel.ChannelTrade;
import io.payonce.server.channel.PaymentChannels;
import io.payonce.server.channel.TradeState;
import io.payonce.server.journal.TransitionSource;
import io.payonce.server.web.Failures;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The compensation janitor: when notifies are lost or an instance crashed mid-flow, it asks the
 * channel about payments that have been in flight too long (and about closed ones still payable at
 * the channel) and feeds the answers to {@link ChannelResultApplier}. Payments past expiry that the
 * channel says are unpaid are closed. Each payment is claimed by one instance per round (the
 * next_query_at conditional UPDATE), with a back-off that grows with the payment's age; a crashed
 * instance's claims simply run out.
 */
@Component
public class PaymentJanitor {

  private static final Logger log = LoggerFactory.getLogger(PaymentJanitor.class);

  private final PaymentRepository payments;
  private final PaymentChannels channels;
  private final ChannelResultApplier applier;
  private final PaymentCloser closer;
  private final JanitorProperties props;
  private final Clock clock;

  PaymentJanitor(
      PaymentRepository payments,
      PaymentChannels channels,
      ChannelResultApplier applier,
      PaymentCloser closer,
      JanitorProperties props,
      Clock clock) {
    this.payments = payments;
    this.channels = channels;
    this.applier = applier;
    this.closer = closer;
    this.props = props;
    this.clock = clock;
  }

  @Scheduled(
      fixedDelayString = "${payonce.janitor.interval:PT10S}",
      initialDelayString = "${payonce.janitor.interval:PT10S}")
  void scheduled() {
    if (props.enabled()) {
      try {
        sweep();
      } catch (RuntimeException e) {
        log.warn("janitor sweep failed {}", Failures.describe(e));
      }
    }
  }

  /** One round; returns how many payments this instance queried. */
  public int sweep() {
    Instant now = clock.instant();
    List<Payment> due = payments.findDue(now.minus(props.olderThan()), now, props.batch());
    int queried = 0;
    for (Payment payment : due) {
      if (!payments.claimQuery(payment.payId(), now, now.plus(backoff(payment, now)))) {
        continue;
      }
      queried++;
      settle(payment);
    }
    if (queried > 0) {
      log.info("janitor queried={} due={}", queried, due.size());
    }
    return queried;
  }

  private void settle(Payment payment) {
    ChannelOutcome<ChannelTrade> asked =
        channels.get(payment.channel().name()).query(payment.outTradeNo());
    if (!(asked instanceof ChannelOutcome.Done<ChannelTrade> done)) {
      return;
    }
    ChannelTrade trade = done.value();
    if (trade.state() != TradeState.NOT_FOUND) {
      applier.apply(trade, TransitionSource.JANITOR, null);
    }
    boolean unpaid =
        trade.state() == TradeState.NOT_FOUND || trade.state() == TradeState.WAIT_BUYER_PAY;
    if (unpaid && payment.status().isInFlight() && closer.isDead(payment)) {
      CloseResult closed = closer.settle(payment, trade, "expired unpaid (janitor)");
      log.info("janitor closed outTradeNo={} result={}", payment.outTradeNo(), closed);
    }
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
