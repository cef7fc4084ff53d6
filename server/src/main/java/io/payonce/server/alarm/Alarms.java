package io.payonce.server.alarm;

import io.github.bucket4j.TimeMeter;
import io.micrometer.core.instrument.MeterRegistry;
import io.payonce.server.log.Untrusted;
import java.time.Clock;
import java.util.List;
import java.util.OptionalLong;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Service;
import org.springframework.transaction.PlatformTransactionManager;
import org.springframework.transaction.TransactionDefinition;
import org.springframework.transaction.support.TransactionSynchronization;
import org.springframework.transaction.support.TransactionSynchronizationManager;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Raises alarms. {@link #raise} writes in a transaction of its own, so an alarm about a refused
 * notify survives the refusal; {@link #raiseWithChange} joins the caller's transaction, for alarms
 * that exist only if the change they describe commits (e.g. PAID_AFTER_CLOSE, written by the
 * winner).
 */
@Service
public class Alarms {

  private static final Logger log = LoggerFactory.getLogger(Alarms.class);
  // The alarm table's column lengths: what a sender put in a field is kept only as far as it fits.
  private static final int CHANNEL_MAX = 16;
  private static final int OUT_TRADE_NO_MAX = 64;
  private static final int DETAIL_MAX = 1000;

  private final AlarmRepository repository;
  private final MeterRegistry meters;
  private final Clock clock;
  private final TransactionTemplate ownTransaction;
  private final RefusedCallbackAlarmBudget refusedCallbacks;
  private final int perMinute;

  Alarms(
      AlarmRepository repository,
      MeterRegistry meters,
      Clock clock,
      PlatformTransactionManager transactionManager,
      AlarmProperties props) {
    this.repository = repository;
    this.meters = meters;
    this.clock = clock;
    this.refusedCallbacks =
        new RefusedCallbackAlarmBudget(
            props.refusedCallbacksPerMinute(), TimeMeter.SYSTEM_NANOTIME);
    this.perMinute = props.refusedCallbacksPerMinute();
    this.ownTransaction = new TransactionTemplate(transactionManager);
    this.ownTransaction.setPropagationBehavior(TransactionDefinition.PROPAGATION_REQUIRES_NEW);
  }

  /**
   * Records an alarm now, whatever becomes of the caller's transaction. The texts may come from
   * anyone (a forged notify's out_trade_no): they are stored and logged clipped and cleaned.
   */
  public void raise(AlarmType type, String rawChannel, String rawOutTradeNo, String rawDetail) {
    String channel = Untrusted.clip(rawChannel, CHANNEL_MAX);
    String outTradeNo = Untrusted.clip(rawOutTradeNo, OUT_TRADE_NO_MAX);
    String detail = Untrusted.clip(rawDetail, DETAIL_MAX);
    ownTransaction.executeWithoutResult(
        status -> repository.insert(type, channel, outTradeNo, detail, clock.instant()));
    announce(type, channel, outTradeNo, detail);
  }

  /**
   * Records, as {@link #raise} does, an alarm about a callback we refused (forged, tampered,
   * malformed or misrouted) — within {@code payonce.alarms.refused-callbacks-per-minute} per type
   * and channel on this instance. Beyond it the alarm is only counted ({@code
   * payonce.alarms.suppressed}, and one WARN line a minute while the flood lasts); the next one
   * recorded says how many were left out. Whoever can reach a callback can send these: unbounded,
   * they would fill the table and bury the alarms that matter.
   *
   * @return whether it was recorded: what goes with it (a notify's receipt) is recorded only then
   */
  public boolean raiseForRefusedCallback(
      AlarmType type, String rawChannel, String rawOutTradeNo, String rawDetail) {
    String channel = Untrusted.clip(rawChannel, CHANNEL_MAX);
    OptionalLong taken = refusedCallbacks.take(type, channel);
    if (taken.isEmpty()) {
      meters.counter("payonce.alarms.suppressed", "type", type.name()).increment();
      if (refusedCallbacks.refusedSinceLastTaken(type, channel) == 1) {
        log.warn(
            "alarm flood type={} channel={}: more than {} a minute, counted but not recorded",
            type,
            channel,
            perMinute);
      }
      return false;
    }
    String detail = Untrusted.clip(rawDetail, DETAIL_MAX);
    if (taken.getAsLong() > 0) {
      detail =
          Untrusted.clip(
              taken.getAsLong() + " more like it were not recorded before this one; " + detail,
              DETAIL_MAX);
    }
    raise(type, channel, rawOutTradeNo, detail);
    return true;
  }

  /** Records an alarm in the caller's transaction; counted and logged once that commits. */
  public void raiseWithChange(
      AlarmType type, String rawChannel, String rawOutTradeNo, String rawDetail) {
    String channel = Untrusted.clip(rawChannel, CHANNEL_MAX);
    String outTradeNo = Untrusted.clip(rawOutTradeNo, OUT_TRADE_NO_MAX);
    String detail = Untrusted.clip(rawDetail, DETAIL_MAX);
    repository.insert(type, channel, outTradeNo, detail, clock.instant());
    if (TransactionSynchronizationManager.isSynchronizationActive()) {
      TransactionSynchronizationManager.registerSynchronization(
          new TransactionSynchronization() {
            @Override
            public void afterCommit() {
              announce(type, channel, outTradeNo, detail);
            }
          });
    } else {
      announce(type, channel, outTradeNo, detail);
    }
  }

  public java.util.Optional<Alarm> find(long id) {
    return repository.findById(id);
  }

  /**
   * Marks the alarm resolved with the operator's words.
   *
   * @return the alarm as it stands afterwards, or empty if there is no such alarm
   * @throws AlarmAlreadyResolvedException if it was resolved before (by anyone)
   */
  public java.util.Optional<Alarm> resolve(long id, String rawResolution) {
    String resolution = Untrusted.clip(rawResolution, DETAIL_MAX);
    if (repository.resolve(id, resolution, clock.instant())) {
      return repository.findById(id);
    }
    java.util.Optional<Alarm> existing = repository.findById(id);
    if (existing.isPresent()) {
      throw new AlarmAlreadyResolvedException(id);
    }
    return existing;
  }

  public List<Alarm> open(int limit) {
    return repository.findOpen(limit);
  }

  public List<Alarm> of(String outTradeNo) {
    return repository.findByOutTradeNo(outTradeNo);
  }

  private void announce(AlarmType type, String channel, String outTradeNo, String detail) {
    meters.counter("payonce.alarms", "type", type.name()).increment();
    log.error(
        "alarm type={} channel={} outTradeNo={} detail=\"{}\"",
        type,
        channel,
        outTradeNo,
        Untrusted.forLog(detail));
  }
}
