package io.payonce.server.payment;

import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicReference;
import org.springframework.stereotype.Component;

/**
 * How far behind the payment janitor is: the payments due for a question now ({@code
 * payonce.janitor.due}) and how long the longest-due one has waited ({@code
 * payonce.janitor.oldest.due.age}, seconds), read from the database when scraped. The janitor asks
 * the longest-due first, so a wait beyond {@code payonce.janitor.backlog-alarm-after} means the
 * backlog stayed larger than the janitor works through: alarmed JANITOR_BACKLOG, at most once per
 * such period on each instance while it lasts.
 */
@Component
public class JanitorBacklog {

  private final PaymentRepository payments;
  private final Alarms alarms;
  private final JanitorProperties props;
  private final Clock clock;
  private final AtomicReference<Instant> lastAlarm = new AtomicReference<>();

  JanitorBacklog(
      PaymentRepository payments,
      Alarms alarms,
      JanitorProperties props,
      Clock clock,
      MeterRegistry meters) {
    this.payments = payments;
    this.alarms = alarms;
    this.props = props;
    this.clock = clock;
    Gauge.builder("payonce.janitor.due", this, backlog -> backlog.measure().due())
        .description("payments due for the janitor to ask the channel about")
        .register(meters);
    Gauge.builder(
            "payonce.janitor.oldest.due.age", this, backlog -> backlog.oldestWait().toSeconds())
        .description("how long the longest-due payment has waited for the janitor")
        .baseUnit("seconds")
        .register(meters);
  }

  /** The due payments now. */
  PaymentRepository.Backlog measure() {
    Instant now = clock.instant();
    return payments.backlog(now.minus(props.olderThan()), now);
  }

  /** How long the longest-due payment has waited; zero without one. */
  Duration oldestWait() {
    Instant now = clock.instant();
    Instant oldest = payments.backlog(now.minus(props.olderThan()), now).oldestDueAt();
    return oldest == null || oldest.isAfter(now) ? Duration.ZERO : Duration.between(oldest, now);
  }

  /** Alarms a backlog whose longest-due payment waited too long; true if it did now. */
  public boolean alarmIfBehind() {
    Instant now = clock.instant();
    PaymentRepository.Backlog backlog = payments.backlog(now.minus(props.olderThan()), now);
    if (backlog.oldestDueAt() == null
        || Duration.between(backlog.oldestDueAt(), now).compareTo(props.backlogAlarmAfter()) < 0) {
      return false;
    }
    Instant last = lastAlarm.get();
    if (last != null && now.isBefore(last.plus(props.backlogAlarmAfter()))) {
      return false;
    }
    if (!lastAlarm.compareAndSet(last, now)) {
      return false;
    }
    alarms.raise(
        AlarmType.JANITOR_BACKLOG,
        null,
        null,
        backlog.due()
            + " payments due, the longest for "
            + Duration.between(backlog.oldestDueAt(), now).toSeconds()
            + " s: the janitor asks fewer than fall due (see payonce.janitor.batch, drain-for,"
            + " interval)");
    return true;
  }
}
