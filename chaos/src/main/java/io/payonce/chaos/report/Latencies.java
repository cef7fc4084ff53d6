package io.payonce.chaos.report;

import io.payonce.chaos.workload.Exchange;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Per operation: how many, how many answered, and how long they took (p50, p99, max). */
public final class Latencies {

  private Latencies() {}

  /** One line per operation, aligned, for both reports. */
  public static List<String> table(List<Exchange> exchanges) {
    Map<String, Histogram> byOp = new TreeMap<>();
    Map<String, long[]> counts = new TreeMap<>();
    for (Exchange e : exchanges) {
      byOp.computeIfAbsent(e.op(), op -> new Histogram(3_600_000L, 3))
          .recordValue(Math.max(0, Math.min(e.tookMs(), 3_600_000L)));
      long[] c = counts.computeIfAbsent(e.op(), op -> new long[2]);
      c[0]++;
      if (e.status() > 0 && e.status() < 500) {
        c[1]++;
      }
    }
    List<String> lines = new ArrayList<>();
    lines.add(
        String.format(
            "%-16s %8s %9s %8s %8s %8s",
            "operation", "count", "answered", "p50 ms", "p99 ms", "max ms"));
    byOp.forEach(
        (op, h) ->
            lines.add(
                String.format(
                    "%-16s %8d %8.1f%% %8d %8d %8d",
                    op,
                    counts.get(op)[0],
                    100.0 * counts.get(op)[1] / counts.get(op)[0],
                    h.getValueAtPercentile(50),
                    h.getValueAtPercentile(99),
                    h.getMaxValue())));
    return lines;
  }
}
