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
 * @param exercise how much of the workload the system served: a run it did not serve proves nothing
 */
public record RunResult(
    ChaosOptions options,
    Verdict verdict,
    List<Verdict> series,
    long workloadEndMs,
    long convergedAtMs,
    Map<String, Integer> scenarios,
    Map<String, Integer> faults,
    Exercise exercise,
    Path textReport,
    Path htmlReport) {

  /** Every invariant held, and the system served enough of the workload for that to mean much. */
  public boolean passed() {
    return verdict.holds() && exercise.enough();
  }

  /**
   * What the system did of the workload: answered requests with 2xx, out of all, and payments it
   * recorded as taken. A run in which instances never started (a setting they refuse, a database
   * they never reach) holds every invariant trivially — nothing was charged at all — and must not
   * pass: at least one payment recorded, and at least a tenth of the requests answered 2xx (the
   * runs' faults leave far more: 39% on MariaDB with every fault).
   */
  public record Exercise(long answeredOk, long requests, long paymentsTaken) {

    public boolean enough() {
      return paymentsTaken > 0 && answeredOk * 10 >= requests && requests > 0;
    }

    @Override
    public String toString() {
      return answeredOk
          + " of "
          + requests
          + " requests answered 2xx, "
          + paymentsTaken
          + " payment(s) recorded as taken"
          + (enough() ? "" : ": too little for the run to prove anything");
    }
  }

  /** 0: every invariant held; 1: violations. */
  public int exitCode() {
    return passed() ? 0 : 1;
  }
}
