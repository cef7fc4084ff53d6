package io.payonce.server.reconcile.web;

import io.payonce.server.reconcile.Outcome;
import io.payonce.server.reconcile.ReconciliationRun;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/** A run as the API shows it: progress while it runs, outcome counts once it is done. */
record RunView(
    long id,
    String channel,
    String billDate,
    String status,
    String phase,
    int attempt,
    long rowsStaged,
    Long rowsTotal,
    long rowsProcessed,
    Map<String, Long> counts,
    String error,
    Instant startedAt,
    Instant finishedAt,
    String channelConfig) {

  static RunView of(ReconciliationRun run) {
    Map<String, Long> counts = new LinkedHashMap<>();
    for (Outcome outcome : Outcome.values()) {
      counts.put(outcome.name(), run.counts().getOrDefault(outcome, 0L));
    }
    return new RunView(
        run.id(),
        run.channel(),
        run.billDate().toString(),
        run.status().name(),
        run.phase().name(),
        run.attempt(),
        run.rowsStaged(),
        run.rowsTotal(),
        run.rowsProcessed(),
        counts,
        run.error(),
        run.startedAt(),
        run.finishedAt(),
        run.channelConfig());
  }
}
