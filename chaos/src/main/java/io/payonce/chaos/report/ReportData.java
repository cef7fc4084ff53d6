package io.payonce.chaos.report;

import io.payonce.chaos.check.Verdict;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Everything a report shows.
 *
 * @param setup lines describing the run (database, instances, options)
 * @param throughput per second since the start: {second, answered 2xx/4xx, failed (5xx or none)}
 * @param payments per second since the start: {second, trades paid at the channel}
 * @param latencies per operation: count, answered, p50, p99, max (lines of a table)
 * @param notes an order's scenario notes
 */
public record ReportData(
    long seed,
    String replayCommand,
    List<String> setup,
    List<Timeline.Entry> timeline,
    long workloadEndMs,
    long runEndMs,
    long convergedAtMs,
    List<long[]> throughput,
    List<long[]> payments,
    List<Verdict> series,
    Verdict verdict,
    Map<String, Integer> scenarios,
    Map<String, Integer> faults,
    String requests,
    List<String> latencies,
    Function<String, List<String>> notes) {}
