package io.payonce.chaos.report;

import io.payonce.chaos.check.Invariant;
import io.payonce.chaos.check.Verdict;
import io.payonce.chaos.check.Violation;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** The run in plain text: what ran, what was injected, each invariant with its violations. */
public final class TextReport {

  private static final int SHOWN_PER_INVARIANT = 25;

  private TextReport() {}

  public static String render(ReportData data) {
    StringBuilder out = new StringBuilder();
    Verdict verdict = data.verdict();
    out.append("PayOnce chaos run, seed ").append(data.seed()).append('\n');
    out.append("replay: ").append(data.replayCommand()).append('\n');
    data.setup().forEach(line -> out.append(line).append('\n'));
    out.append("scenarios: ").append(data.scenarios()).append('\n');
    out.append(data.requests()).append('\n');
    out.append("faults injected: ").append(data.faults()).append('\n');
    out.append(String.format("workload ended at +%.1fs; ", data.workloadEndMs() / 1000.0))
        .append(
            data.convergedAtMs() >= 0
                ? String.format(
                    "converged %.1fs later (every invariant held, nothing in flight)%n",
                    (data.convergedAtMs() - data.workloadEndMs()) / 1000.0)
                : "did not converge: " + settling(data) + "\n");
    out.append('\n').append("requests by operation:\n");
    data.latencies().forEach(line -> out.append("  ").append(line).append('\n'));
    out.append('\n').append("invariants (violations):\n");
    for (Invariant invariant : Invariant.values()) {
      List<Violation> violations = verdict.of(invariant);
      Set<String> orders = new LinkedHashSet<>();
      violations.forEach(v -> orders.add(v.orderNo() == null ? "-" : v.orderNo()));
      out.append(
          String.format(
              "  %s %-34s %4d  %s%n",
              invariant.name(),
              invariant.title(),
              violations.size(),
              violations.isEmpty() ? "" : abbreviate(String.join(" ", orders), 80)));
    }
    for (Invariant invariant : Invariant.values()) {
      List<Violation> violations = verdict.of(invariant);
      if (violations.isEmpty()) {
        continue;
      }
      out.append('\n').append(invariant.name()).append(' ').append(invariant.title()).append(": ");
      out.append(invariant.rule()).append('\n');
      violations.stream()
          .limit(SHOWN_PER_INVARIANT)
          .forEach(
              v -> {
                out.append("  ").append(v.orderNo() == null ? "-" : v.orderNo()).append(": ");
                out.append(v.detail()).append('\n');
                if (v.orderNo() != null) {
                  data.notes()
                      .apply(v.orderNo())
                      .forEach(n -> out.append("      ").append(n).append('\n'));
                }
              });
      if (violations.size() > SHOWN_PER_INVARIANT) {
        out.append("  ... and ").append(violations.size() - SHOWN_PER_INVARIANT).append(" more\n");
      }
    }
    out.append('\n')
        .append(
            verdict.holds() ? "PASSED: no violation" : "FAILED: " + verdict.total() + " violations")
        .append(" (seed ")
        .append(data.seed())
        .append(")\n");
    return out.toString();
  }

  /** Why a run did not converge, in words: still in flight, or quiet with violations. */
  static String settling(ReportData data) {
    Verdict last = data.verdict();
    if (!last.quiescent()) {
      return "still in flight at the end: " + last.pending();
    }
    long quietAt =
        data.series().stream()
            .filter(Verdict::quiescent)
            .mapToLong(Verdict::atMs)
            .findFirst()
            .orElse(last.atMs());
    return String.format(
        "nothing in flight %.1fs after the workload, %d violations remained",
        (quietAt - data.workloadEndMs()) / 1000.0, last.total());
  }

  static String abbreviate(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 3) + "...";
  }
}
