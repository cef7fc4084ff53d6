package io.payonce.server.reconcile;

import io.payonce.server.channel.Channel;
import java.time.LocalDate;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.scheduling.annotation.Scheduled;
import org.springframework.stereotype.Component;

/**
 * The daily run of yesterday's bill of every configured channel, and the pick-up of runs abandoned
 * by a dead instance. Both are safe on every instance at once: a day has one run and a run one
 * lease holder.
 */
@Component
@ConditionalOnWebApplication
class ReconciliationSchedule {

  private static final Logger log = LoggerFactory.getLogger(ReconciliationSchedule.class);

  private final Reconciliations reconciliations;

  ReconciliationSchedule(Reconciliations reconciliations) {
    this.reconciliations = reconciliations;
  }

  @Scheduled(
      cron = "${payonce.reconcile.cron:0 30 10 * * *}",
      zone = "${payonce.reconcile.zone:Asia/Shanghai}")
  void reconcileYesterday() {
    LocalDate yesterday = reconciliations.yesterday();
    for (Channel channel : reconciliations.channels()) {
      for (String config : reconciliations.configurations(channel)) {
        startOne(channel, config, yesterday);
      }
    }
  }

  /** One account's bill: a configuration that fails to start must not cost the others their day. */
  private void startOne(Channel channel, String config, LocalDate yesterday) {
    try {
      ReconciliationRun run = reconciliations.start(channel.name(), config, yesterday);
      log.info(
          "reconcile scheduled run={} channel={} config={} billDate={} status={}",
          run.id(),
          channel,
          config,
          run.billDate(),
          run.status());
    } catch (RuntimeException e) {
      log.error(
          "reconcile scheduled channel={} config={} billDate={} failed type={}",
          channel,
          config,
          yesterday,
          e.getClass().getName());
    }
  }

  @Scheduled(
      fixedDelayString = "${payonce.reconcile.resume-every:PT1M}",
      initialDelayString = "${payonce.reconcile.resume-every:PT1M}")
  void resumeAbandoned() {
    int resumed = reconciliations.resumeAbandoned();
    if (resumed > 0) {
      log.info("reconcile resumed runs={}", resumed);
    }
  }
}
