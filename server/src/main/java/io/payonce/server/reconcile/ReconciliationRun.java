package io.payonce.server.reconcile;

import java.time.Instant;
import java.time.LocalDate;
import java.util.Map;

/**
 * A reconciliation of one channel's bill day.
 *
 * @param attempt 1 for the first run of the day, +1 for each re-run
 * @param rowsStaged bill rows copied so far (progress while staging)
 * @param rowsTotal usable bill rows, known once the bill is staged
 * @param rowsProcessed bill rows matched so far
 * @param counts how many rows or payments ended in each outcome
 * @param channelConfig whose account's bill it reconciles: {@code bootstrap} (the deployment's
 *     properties) or an app's channel configuration
 */
public record ReconciliationRun(
    long id,
    String channel,
    LocalDate billDate,
    RunSource source,
    RunStatus status,
    RunPhase phase,
    int attempt,
    long rowsStaged,
    Long rowsTotal,
    long rowsProcessed,
    long lastLineNo,
    Map<Outcome, Long> counts,
    String error,
    Instant startedAt,
    Instant finishedAt,
    String leaseOwner,
    Instant leaseUntil,
    String channelConfig) {}
