package io.payonce.server.reconcile;

import io.payonce.server.alarm.AlarmType;
import io.payonce.server.alarm.Alarms;
import io.payonce.server.channel.BadBillLine;
import io.payonce.server.channel.BillFormatException;
import io.payonce.server.channel.BillLine;
import io.payonce.server.channel.BillSink;
import io.payonce.server.channel.BillSource;
import io.payonce.server.channel.BillTotals;
import io.payonce.server.channel.BillUnavailableException;
import io.payonce.server.channel.ChannelBills;
import io.payonce.server.log.Failures;
import java.io.IOException;
import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.stereotype.Component;
import org.springframework.transaction.support.TransactionTemplate;

/**
 * Works on a run this instance holds the lease of, from the phase it is in: stage the bill and
 * check it whole, match its rows page by page (repairs, then one checkpoint transaction per page),
 * then look for our successes the bill lacks. Stops, leaving the lease to expire, when told to or
 * when the lease turns out to be someone else's.
 */
@Component
class ReconciliationWorker {

  private static final Logger log = LoggerFactory.getLogger(ReconciliationWorker.class);

  private final ReconciliationRuns runs;
  private final BillLines lines;
  private final Anomalies anomalies;
  private final PaymentMatcher payments;
  private final RefundMatcher refunds;
  private final BillChannels bills;
  private final Alarms alarms;
  private final TransactionTemplate transactions;
  private final ReconcileProperties properties;
  private final Clock clock;

  ReconciliationWorker(
      ReconciliationRuns runs,
      BillLines lines,
      Anomalies anomalies,
      PaymentMatcher payments,
      RefundMatcher refunds,
      BillChannels bills,
      Alarms alarms,
      TransactionTemplate transactions,
      ReconcileProperties properties,
      Clock clock) {
    this.runs = runs;
    this.lines = lines;
    this.anomalies = anomalies;
    this.payments = payments;
    this.refunds = refunds;
    this.bills = bills;
    this.alarms = alarms;
    this.transactions = transactions;
    this.properties = properties;
    this.clock = clock;
  }

  /** Works on the run until it completes, fails, is stopped or its lease is lost. */
  ReconciliationRun work(
      long runId, String owner, BillSource source, RunProgress progress, RunControl control) {
    ReconciliationRun run = runs.find(runId).orElseThrow();
    try {
      boolean going = true;
      if (run.phase() == RunPhase.STAGING) {
        going = stage(run, owner, source, progress);
      }
      run = runs.find(runId).orElseThrow();
      if (going && run.phase() == RunPhase.MATCHING) {
        going = match(run, owner, progress, control);
      }
      run = runs.find(runId).orElseThrow();
      if (going && run.phase() == RunPhase.LOCAL_ONLY) {
        findLocalOnly(run, owner, progress, control);
      }
    } catch (LeaseLost | Stopped e) {
      log.info("reconcile run={} stopped reason={}", runId, e.getClass().getSimpleName());
    } catch (RuntimeException e) {
      log.error("reconcile run={} failed {}", runId, Failures.describe(e));
      runs.fail(runId, owner, "internal error (" + e.getClass().getSimpleName() + ")", now());
    }
    return runs.find(runId).orElseThrow();
  }

  private boolean stage(
      ReconciliationRun run, String owner, BillSource source, RunProgress progress) {
    lines.deleteRun(run.id());
    if (!runs.restage(run.id(), owner, leaseEnd())) {
      throw new LeaseLost();
    }
    ChannelBills reader = bills.get(run.channel());
    Staging staging = new Staging(run, owner, progress);
    String failure;
    try (InputStream in = source.open()) {
      BillTotals totals = reader.read(in, staging);
      staging.flush();
      if (!runs.startMatching(
          run.id(), owner, staging.staged, staging.staged - staging.bad, staging.bad, leaseEnd())) {
        throw new LeaseLost();
      }
      log.info(
          "reconcile run={} staged rows={} bad={} footerRows={}",
          run.id(),
          staging.staged,
          staging.bad,
          totals.rows());
      return true;
    } catch (BillUnavailableException e) {
      if (e.noTradesThatDay()) {
        // Nothing to match; our successes of the day, if any, are all missing from the channel.
        log.info("reconcile run={} emptyDay=true reason=\"{}\"", run.id(), e.getMessage());
        if (!runs.startMatching(run.id(), owner, 0, 0, 0, leaseEnd())) {
          throw new LeaseLost();
        }
        return true;
      }
      failure = e.getMessage();
    } catch (BillFormatException e) {
      failure = e.getMessage();
    } catch (IOException e) {
      failure = "the bill could not be read: " + e.getClass().getSimpleName();
    }
    log.warn("reconcile run={} status=FAILED error=\"{}\"", run.id(), failure);
    runs.fail(run.id(), owner, failure, now());
    return false;
  }

  private boolean match(
      ReconciliationRun run, String owner, RunProgress progress, RunControl control) {
    long after = run.lastLineNo();
    long processed = run.rowsProcessed();
    long total = run.rowsTotal() == null ? 0 : run.rowsTotal();
    while (after < run.rowsStaged()) {
      long upTo = Math.min(run.rowsStaged(), after + properties.batchSize());
      List<StagedLine> page = lines.page(run.id(), after, upTo);
      List<Verdict> verdicts = new ArrayList<>(page.size());
      for (StagedLine staged : page) {
        verdicts.add(
            staged.line().kind() == BillLine.Kind.REFUND
                ? refunds.match(staged)
                : payments.match(staged));
      }
      if (control.stop(processed + page.size())) {
        throw new Stopped();
      }
      checkpoint(run, owner, verdicts, upTo);
      after = upTo;
      processed += page.size();
      progress.matched(processed, total);
    }
    if (!runs.startLocalOnly(run.id(), owner, leaseEnd())) {
      throw new LeaseLost();
    }
    return true;
  }

  private void checkpoint(ReconciliationRun run, String owner, List<Verdict> verdicts, long last) {
    Map<Outcome, Long> counts = new EnumMap<>(Outcome.class);
    transactions.executeWithoutResult(
        status -> {
          Instant now = now();
          for (Verdict verdict : verdicts) {
            counts.merge(verdict.outcome(), 1L, Long::sum);
            if (verdict.outcome().isAnomaly()) {
              record(run, verdict, now);
            }
          }
          if (!runs.checkpoint(run.id(), owner, counts, last, leaseEnd())) {
            status.setRollbackOnly();
            throw new LeaseLost();
          }
        });
  }

  private void findLocalOnly(
      ReconciliationRun run, String owner, RunProgress progress, RunControl control) {
    LocalOnlyWindow window =
        LocalOnlyWindow.of(
            run.channel(),
            run.channelConfig(),
            run.billDate(),
            properties.zone(),
            properties.margin());
    long previousRunId =
        runs.find(run.channel(), run.channelConfig(), run.billDate().minusDays(1))
            .filter(previous -> previous.status() == RunStatus.COMPLETED)
            .map(ReconciliationRun::id)
            .orElse(-1L);
    long after = 0;
    long found = 0;
    for (List<LocalSuccess> page = localOnlyPage(window, run, previousRunId, after);
        !page.isEmpty();
        page = localOnlyPage(window, run, previousRunId, after)) {
      if (control.stop(run.rowsProcessed())) {
        throw new Stopped();
      }
      recordLocalOnly(run, owner, page);
      found += page.size();
      after = page.get(page.size() - 1).journalId();
      progress.localOnly(found);
    }
    long localOnly = found;
    transactions.executeWithoutResult(
        status -> {
          anomalies.dropStale(run.id(), run.attempt());
          if (!runs.complete(run.id(), owner, localOnly, now())) {
            status.setRollbackOnly();
            throw new LeaseLost();
          }
        });
    int purged =
        lines.deleteBefore(run.channel(), run.billDate().minusDays(properties.keepLinesDays()));
    log.info(
        "reconcile run={} status=COMPLETED localOnly={} purgedLines={}",
        run.id(),
        localOnly,
        purged);
  }

  private List<LocalSuccess> localOnlyPage(
      LocalOnlyWindow window, ReconciliationRun run, long previousRunId, long after) {
    return lines.localOnlyPage(window, run.id(), previousRunId, after, properties.batchSize());
  }

  private void recordLocalOnly(ReconciliationRun run, String owner, List<LocalSuccess> page) {
    transactions.executeWithoutResult(
        status -> {
          Instant now = now();
          for (LocalSuccess success : page) {
            record(
                run,
                Verdict.of(
                    Outcome.LOCAL_ONLY_SUCCESS,
                    success.outTradeNo(),
                    "SUCCESS recorded at "
                        + success.recordedAt()
                        + " for "
                        + success.amountMinor()
                        + " minor units; the bill of "
                        + run.billDate()
                        + " has no such trade"),
                now);
          }
          if (!runs.renew(run.id(), owner, leaseEnd())) {
            status.setRollbackOnly();
            throw new LeaseLost();
          }
        });
  }

  /** Records an anomaly; the first time it is seen, its alarm commits with it. */
  private void record(ReconciliationRun run, Verdict verdict, Instant now) {
    boolean isNew = anomalies.record(run.id(), run.attempt(), verdict, now);
    AlarmType alarm = verdict.outcome().alarm();
    if (isNew && alarm != null) {
      alarms.raiseWithChange(
          alarm, run.channel(), verdict.outTradeNo(), "reconciliation: " + verdict.detail());
    }
  }

  private Instant now() {
    return clock.instant();
  }

  private Instant leaseEnd() {
    return now().plus(properties.lease());
  }

  /** Buffers staged rows into batches, each inserted with its bad-row anomalies and a renewal. */
  private final class Staging implements BillSink {

    private final ReconciliationRun run;
    private final String owner;
    private final RunProgress progress;
    private final List<BillLine> batch = new ArrayList<>();
    private final List<Verdict> badRows = new ArrayList<>();
    private long staged;
    private long bad;

    Staging(ReconciliationRun run, String owner, RunProgress progress) {
      this.run = run;
      this.owner = owner;
      this.progress = progress;
    }

    @Override
    public void line(BillLine line) {
      add(line);
    }

    @Override
    public void bad(BadBillLine line) {
      bad++;
      String reference = "line:" + line.lineNo();
      badRows.add(
          new Verdict(
              Outcome.BAD_ROW,
              reference,
              line.outTradeNo(),
              reference + ": " + line.reason(),
              null));
      add(new BillLine(line.lineNo(), BillLine.Kind.BAD, null, line.outTradeNo(), 0, null, null));
    }

    private void add(BillLine line) {
      batch.add(line);
      staged++;
      if (batch.size() >= properties.batchSize()) {
        flush();
      }
    }

    void flush() {
      if (Thread.currentThread().isInterrupted()) {
        throw new Stopped();
      }
      transactions.executeWithoutResult(
          status -> {
            if (!batch.isEmpty()) {
              lines.insert(run.id(), batch);
            }
            Instant now = now();
            badRows.forEach(verdict -> record(run, verdict, now));
            if (!runs.stagedSoFar(run.id(), owner, staged, bad, leaseEnd())) {
              status.setRollbackOnly();
              throw new LeaseLost();
            }
          });
      batch.clear();
      badRows.clear();
      progress.staged(staged);
    }
  }

  /** The lease is someone else's now: they carry on, we stop. */
  private static final class LeaseLost extends RuntimeException {
    LeaseLost() {
      super(null, null, false, false);
    }
  }

  /** Told to stop: the lease is left to run out, as if this instance had died. */
  private static final class Stopped extends RuntimeException {
    Stopped() {
      super(null, null, false, false);
    }
  }
}
