package io.payonce.server.refund;

import io.payonce.server.log.Failures;
import java.time.Clock;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * Retries pending refunds whose outcome is unknown or that were never attempted (an instance died
 * after accepting them). Each attempt is claimed, so instances never attempt one refund at once.
 */
@Component
public class RefundJanitor {

  private static final Logger log = LoggerFactory.getLogger(RefundJanitor.class);
  private static final int BATCH = 100;

  private final RefundRepository refunds;
  private final RefundExecutor executor;
  private final RefundProperties props;
  private final Clock clock;

  RefundJanitor(
      RefundRepository refunds, RefundExecutor executor, RefundProperties props, Clock clock) {
    this.refunds = refunds;
    this.executor = executor;
    this.props = props;
    this.clock = clock;
  }

  @Scheduled(
      fixedDelayString = "${payonce.refund.janitor-interval:PT15S}",
      initialDelayString = "${payonce.refund.janitor-interval:PT15S}")
  void scheduled() {
    if (props.janitorEnabled()) {
      try {
        sweep();
      } catch (RuntimeException e) {
        log.warn("refund janitor failed {}", Failures.describe(e));
      }
    }
  }

  /** One round over the refunds that are due; returns how many it attempted. */
  public int sweep() {
    int attempted = 0;
    for (Refund refund : refunds.findDue(clock.instant(), BATCH)) {
      executor.drive(refund.id());
      attempted++;
    }
    return attempted;
  }
}
