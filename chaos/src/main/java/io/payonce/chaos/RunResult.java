package io.payonce.chaos;

import io.payonce.chaos.check.Verdict;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What a run found.
 *
 * @param verdict the last evaluation of the invariants
 * @param series every evaluation after the workload, in order (convergence)
 * @param workloadEndMs when the workload ended, since the run started
 * @param convergedAtMs when the invariants first held with nothing in flight, or -1
 * @param scenarios how many scenarios of each kind ran
 * @param faults how many faults of each kind were injected (crash-point halts included)
 */
public record RunResult(
    ChaosOptions options,
    Verdict verdict,
    List<Verdict> series,
    long workloadEndMs,
    long convergedAtMs,
    Map<String, Integer> scenarios,
    Map<String, Integer> faults,
    Path textReport,
    Path htmlReport) {

  public boolean passed() {
    return verdict.holds();
  }

  /** 0: every invariant held; 1: violations. */
  public int exitCode() {
    return passed() ? 0 : 1;
  }
}
