package io.payonce.server.reconcile;

import io.payonce.server.app.ChannelConfigs;
import io.payonce.server.channel.BillSource;
import io.payonce.server.channel.Channel;
import io.payonce.server.channel.ChannelBills;
import io.payonce.server.channel.ChannelConfigKey;
import io.payonce.server.log.Failures;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.dao.DuplicateKeyException;
import org.springframework.stereotype.Service;
import org.springframework.transaction.annotation.Transactional;

/**
 * Starts, resumes and reports reconciliation runs. One run per channel and bill day: starting a
 * finished day again re-runs it (same outcomes, no second repair); starting a running day returns
 * the run in progress. Runs execute one at a time on a worker thread of this instance, under a
 * lease that another instance takes over if this one dies.
 */
@Service
public class Reconciliations implements DisposableBean {

  private static final Logger log = LoggerFactory.getLogger(Reconciliations.class);

  private final ReconciliationRuns runs;
  private final Anomalies anomalies;
  private final ReconciliationWorker worker;
  private final BillChannels bills;
  private final ChannelConfigs configs;
  private final ReconcileProperties properties;
  private final Clock clock;
  private final BillCalendar calendar;
  private final String owner;
  private final ExecutorService executor =
      Executors.newSingleThreadExecutor(
          task -> {
            Thread thread = new Thread(task, "reconcile");
            thread.setDaemon(true);
            return thread;
          });

  Reconciliations(
      ReconciliationRuns runs,
      Anomalies anomalies,
      ReconciliationWorker worker,
      BillChannels bills,
      ChannelConfigs configs,
      ReconcileProperties properties,
      Clock clock) {
    this.runs = runs;
    this.anomalies = anomalies;
    this.worker = worker;
    this.bills = bills;
    this.configs = configs;
    this.properties = properties;
    this.clock = clock;
    this.calendar = new BillCalendar(clock, properties.zone());
    this.owner = ownerName(properties.instanceId());
  }

  /** Whether this instance reconciles the bills of the channel so named (e.g. "ALIPAY"). */
  public boolean supports(String channel) {
    return bills.find(channel).isPresent();
  }

  /** The channels whose bills this instance reconciles, in {@link Channel} order. */
  public Set<Channel> channels() {
    return bills.channels();
  }

  /** The day whose bill is the newest one finished, in the bill zone. */
  public LocalDate yesterday() {
    return calendar.yesterday();
  }

  /** Whether a bill day can exist yet: it has begun in the bill zone. */
  public boolean hasBegun(LocalDate billDate) {
    return calendar.hasBegun(billDate);
  }

  /**
   * Starts (or re-runs) the day's reconciliation from the channel's bill, in the background.
   *
   * @return the run, running
   * @throws IllegalArgumentException if this instance has no bills of that channel
   */
  public ReconciliationRun start(String channel, LocalDate billDate) {
    return start(channel, ChannelConfigKey.BOOTSTRAP, billDate);
  }

  /**
   * Starts (or re-runs) the day's reconciliation from the bill of one channel configuration's
   * account (the bootstrap one, or an app's own), in the background.
   *
   * @throws IllegalArgumentException if this instance has no bills of that channel, or there is no
   *     such configuration of it
   */
  public ReconciliationRun start(String channel, String channelConfig, LocalDate billDate) {
    ChannelBills adapter = bills.get(channel);
    requireConfiguration(channel, channelConfig);
    Optional<ReconciliationRun> claimed =
        claim(channel, channelConfig, billDate, RunSource.CHANNEL);
    if (claimed.isEmpty()) {
      return runs.find(channel, channelConfig, billDate).orElseThrow();
    }
    ReconciliationRun run = claimed.get();
    submit(run.id(), adapter.tradeBill(channelConfig, billDate, properties.downloadTimeout()));
    return run;
  }

  /**
   * Every configuration whose account has bills of the channel: the bootstrap one, then the apps'
   * (current and former: a former account still has the refunds of its payments).
   */
  public List<String> configurations(Channel channel) {
    List<String> keys = new java.util.ArrayList<>();
    keys.add(ChannelConfigKey.BOOTSTRAP);
    configs.ofChannel(channel).forEach(config -> keys.add(config.configKey()));
    return keys;
  }

  /** Whether the channel (as runs name it) has that configuration, the bootstrap one included. */
  public boolean hasConfiguration(String channel, String channelConfig) {
    return ChannelConfigKey.isBootstrap(channelConfig)
        || configs
            .find(channelConfig)
            .filter(config -> config.channel().name().equals(channel))
            .isPresent();
  }

  private void requireConfiguration(String channel, String channelConfig) {
    if (!hasConfiguration(channel, channelConfig)) {
      throw new IllegalArgumentException("no " + channel + " configuration " + channelConfig);
    }
  }

  /**
   * Reconciles the day from a bill of the bootstrap account given by hand, in the calling thread.
   *
   * @see #runNow(String, String, LocalDate, BillSource, RunProgress)
   */
  public Optional<ReconciliationRun> runNow(
      String channel, LocalDate billDate, BillSource bill, RunProgress progress) {
    return runNow(channel, ChannelConfigKey.BOOTSTRAP, billDate, bill, progress);
  }

  /**
   * Reconciles the day from a bill given by hand of one channel configuration's account (the
   * bootstrap one, or an app's own), in the calling thread; the channel's adapter reads it.
   *
   * @return the finished run, or empty if another instance is running that day
   * @throws IllegalArgumentException if this instance has no bills of that channel, or there is no
   *     such configuration of it
   */
  public Optional<ReconciliationRun> runNow(
      String channel,
      String channelConfig,
      LocalDate billDate,
      BillSource bill,
      RunProgress progress) {
    // Refused before the day is claimed: a channel nobody here can read, an account it lacks.
    bills.get(channel);
    requireConfiguration(channel, channelConfig);
    return claim(channel, channelConfig, billDate, RunSource.FILE)
        .map(run -> worker.work(run.id(), owner, bill, progress, RunControl.UNTIL_INTERRUPTED));
  }

  /** Takes over running runs whose instance stopped renewing their lease, one at a time. */
  public int resumeAbandoned() {
    int resumed = 0;
    for (ReconciliationRun run : runs.abandoned(clock.instant())) {
      if (run.source() == RunSource.FILE && run.phase() == RunPhase.STAGING) {
        continue; // only the process that had the file can stage it
      }
      Optional<ChannelBills> adapter = bills.find(run.channel());
      if (adapter.isEmpty()) {
        continue; // left to an instance configured for that channel
      }
      if (runs.claim(run.id(), owner, clock.instant(), leaseEnd())) {
        log.info("reconcile run={} resumed phase={} owner={}", run.id(), run.phase(), owner);
        submit(
            run.id(),
            adapter
                .get()
                .tradeBill(run.channelConfig(), run.billDate(), properties.downloadTimeout()));
        resumed++;
      }
    }
    return resumed;
  }

  @Transactional(readOnly = true)
  public Optional<ReconciliationRun> find(long id) {
    return runs.find(id);
  }

  @Transactional(readOnly = true)
  public Optional<ReconciliationRun> find(String channel, LocalDate billDate) {
    return runs.find(channel, ChannelConfigKey.BOOTSTRAP, billDate);
  }

  @Transactional(readOnly = true)
  public Optional<ReconciliationRun> find(
      String channel, String channelConfig, LocalDate billDate) {
    return runs.find(channel, channelConfig, billDate);
  }

  @Transactional(readOnly = true)
  public List<ReconciliationRun> recent(int limit) {
    return runs.recent(limit);
  }

  @Transactional(readOnly = true)
  public List<Anomaly> anomalies(long runId, Boolean resolved, long afterId, int limit) {
    return anomalies.page(runId, resolved, afterId, limit);
  }

  /**
   * Marks an anomaly resolved with the operator's comment.
   *
   * @return the anomaly, or empty if the run has no such anomaly
   * @throws AnomalyAlreadyResolvedException if it was resolved before
   */
  @Transactional
  public Optional<Anomaly> resolve(long runId, long anomalyId, String comment) {
    if (anomalies.resolve(runId, anomalyId, comment, clock.instant())) {
      return anomalies.find(runId, anomalyId);
    }
    Optional<Anomaly> existing = anomalies.find(runId, anomalyId);
    if (existing.isPresent()) {
      throw new AnomalyAlreadyResolvedException(existing.get());
    }
    return existing;
  }

  /** This instance's name in leases. */
  String owner() {
    return owner;
  }

  /** Claims the day's run for this instance: a new run, a re-run, or an abandoned running one. */
  Optional<ReconciliationRun> claim(
      String channel, String channelConfig, LocalDate billDate, RunSource source) {
    Instant now = clock.instant();
    Optional<ReconciliationRun> existing = runs.find(channel, channelConfig, billDate);
    if (existing.isEmpty()) {
      try {
        runs.insert(channel, channelConfig, billDate, source, owner, now, leaseEnd());
        return runs.find(channel, channelConfig, billDate);
      } catch (DuplicateKeyException raced) {
        existing = runs.find(channel, channelConfig, billDate);
      }
    }
    ReconciliationRun run = existing.orElseThrow();
    boolean claimed =
        run.status() == RunStatus.RUNNING
            ? runs.claim(run.id(), owner, now, leaseEnd())
            : runs.restart(run.id(), source, owner, now, leaseEnd());
    return claimed ? runs.find(run.id()) : Optional.empty();
  }

  private void submit(long runId, BillSource bill) {
    executor.execute(
        () -> {
          try {
            worker.work(runId, owner, bill, RunProgress.NONE, RunControl.UNTIL_INTERRUPTED);
          } catch (RuntimeException e) {
            log.error("reconcile run={} crashed {}", runId, Failures.describe(e));
          }
        });
  }

  private Instant leaseEnd() {
    return clock.instant().plus(properties.lease());
  }

  @Override
  public void destroy() throws InterruptedException {
    executor.shutdownNow();
    executor.awaitTermination(10, TimeUnit.SECONDS);
  }

  private static String ownerName(String configured) {
    if (configured != null && !configured.isBlank()) {
      return configured;
    }
    String host;
    try {
      host = InetAddress.getLocalHost().getHostName();
    } catch (UnknownHostException e) {
      host = "host";
    }
    String name = host + "-" + UUID.randomUUID().toString().substring(0, 8);
    return name.length() > 64 ? name.substring(name.length() - 64) : name;
  }
}
